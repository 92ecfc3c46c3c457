import TagFrames

/// The ISO/IEC 15693-3 requests the Type 5 mapping sends, built as frames without UID and CRC
/// (the channel adds the UID for the address flag, as iOS does). Codes: ISO/IEC 15693-3 and
/// shared/reference/type4-type5-ntag424.md §3.2.
public enum Type5Command {
    public static let readSingleBlock: UInt8 = 0x20
    public static let writeSingleBlock: UInt8 = 0x21
    public static let lockBlock: UInt8 = 0x22
    public static let readMultipleBlocks: UInt8 = 0x23
    public static let getSystemInfo: UInt8 = 0x2B
    public static let getMultipleBlockSecurityStatus: UInt8 = 0x2C
    public static let extendedReadSingleBlock: UInt8 = 0x30
    public static let extendedWriteSingleBlock: UInt8 = 0x31
    public static let extendedLockBlock: UInt8 = 0x32
    public static let extendedReadMultipleBlocks: UInt8 = 0x33
    public static let extendedGetSystemInfo: UInt8 = 0x3B
    public static let extendedGetMultipleBlockSecurityStatus: UInt8 = 0x3C

    /// The flags every request carries: high data rate, addressed (iOS enforces the address flag).
    public static let flags: ISO15693Request.Flags = [.highDataRate, .address]

    /// GET SYSTEM INFO (`2B`): DSFID, AFI, block count and size, IC reference.
    public static func systemInfo() -> ISO15693Request {
        ISO15693Request(flags: flags, command: getSystemInfo)
    }

    /// READ SINGLE BLOCK; `extended` for 2-byte block numbers (CC magic E2), LSB first.
    public static func read(block: Int, extended: Bool = false) -> ISO15693Request {
        ISO15693Request(
            flags: flags, command: extended ? extendedReadSingleBlock : readSingleBlock,
            parameters: blockNumber(block, extended: extended))
    }

    /// READ MULTIPLE BLOCKS of `count` blocks from `first` (the count is sent minus one).
    public static func read(blocks first: Int, count: Int, extended: Bool = false) -> ISO15693Request {
        ISO15693Request(
            flags: flags, command: extended ? extendedReadMultipleBlocks : readMultipleBlocks,
            parameters: blockNumber(first, extended: extended) + blockNumber(max(0, count - 1), extended: extended))
    }

    /// WRITE SINGLE BLOCK of one block's bytes.
    public static func write(block: Int, data: [UInt8], extended: Bool = false) -> ISO15693Request {
        ISO15693Request(
            flags: flags, command: extended ? extendedWriteSingleBlock : writeSingleBlock,
            parameters: blockNumber(block, extended: extended) + data)
    }

    /// LOCK BLOCK: permanent.
    public static func lock(block: Int, extended: Bool = false) -> ISO15693Request {
        ISO15693Request(
            flags: flags, command: extended ? extendedLockBlock : lockBlock,
            parameters: blockNumber(block, extended: extended))
    }

    /// GET MULTIPLE BLOCK SECURITY STATUS (`2C`; extended `3C`, 2-byte numbers) of `count` blocks
    /// from `first`: one status byte per block, bit 0 = locked (AOSP `rw_i93.cc` reads it to find
    /// a locked NDEF block).
    public static func securityStatus(blocks first: Int, count: Int, extended: Bool = false) -> ISO15693Request {
        ISO15693Request(
            flags: flags, command: extended ? extendedGetMultipleBlockSecurityStatus : getMultipleBlockSecurityStatus,
            parameters: blockNumber(first, extended: extended) + blockNumber(max(0, count - 1), extended: extended))
    }

    /// The locked blocks from a GET MULTIPLE BLOCK SECURITY STATUS payload for blocks from `first`.
    public static func blockSecurity(first: Int, payload: [UInt8]) -> [Int: Bool] {
        var out: [Int: Bool] = [:]
        for (index, status) in payload.enumerated() { out[first + index] = status & 0x01 != 0 }
        return out
    }

    /// One byte for standard commands, two (LSB first) for the extended ones.
    static func blockNumber(_ number: Int, extended: Bool) -> [UInt8] {
        extended
            ? [UInt8(truncatingIfNeeded: number), UInt8(truncatingIfNeeded: number >> 8)]
            : [UInt8(truncatingIfNeeded: number)]
    }
}
