import TagFrames

/// Which `NFCISO15693Tag` call carries an ``/TagFrames/ISO15693Request`` on the phone: a typed call
/// where the header text fixes its frame exactly, `sendRequest` (iOS 14) for everything else
/// (`NFCISO15693Tag.h`, iPhoneOS17.0.sdk; type4-type5-ntag424.md §4.2).
///
/// - Typed calls for READ/WRITE/LOCK SINGLE BLOCK (20–22), READ MULTIPLE BLOCKS (23), GET MULTIPLE
///   BLOCK SECURITY STATUS (2C) and their extended forms (30–33): for each, "Address flag is
///   automatically enforced by default and the tag's UID is sent with the command; setting
///   RequestFlagSelect to flags will disable the Address flag", so a request with exactly one of the
///   address and select flags is sent as it is, and iOS reports the tag's error code in the NSError
///   (`NFCISO15693TagResponseErrorKey`). They are the calls Apple has offered since iOS 13; a write
///   with the option flag needs the reader's EOF after the programming time (ISO/IEC 15693-3), which
///   the typed write does by definition and `sendRequest` may not (UNVERIFIED).
/// - `customCommand` for a custom command (A0–DF) without the address flag: iOS inserts the IC
///   manufacturer code "after the command byte". The header does not say it inserts the UID for
///   `customCommand`, so an addressed custom request goes through `sendRequest` instead.
/// - `sendRequest` for the rest — GET SYSTEM INFO (2B: the typed call hands back parsed fields, the
///   mapping wants the tag's bytes), commands with no typed call here, non-addressed requests and
///   layouts the typed calls cannot express. Its frame is "8 bits request flag, 8 bits command code,
///   and optional data" with nothing inserted, so the adapter puts the UID there itself (least
///   significant byte first, the air order of ISO/IEC 15693-3) when the address flag is set, then
///   the manufacturer code for a custom command.
enum ISO15693Route: Equatable {
    case readSingleBlock(flags: UInt8, block: UInt8)
    case writeSingleBlock(flags: UInt8, block: UInt8, data: [UInt8])
    case lockBlock(flags: UInt8, block: UInt8)
    case readMultipleBlocks(flags: UInt8, first: Int, count: Int)
    case securityStatus(flags: UInt8, first: Int, count: Int)
    case extendedReadSingleBlock(flags: UInt8, block: Int)
    case extendedWriteSingleBlock(flags: UInt8, block: Int, data: [UInt8])
    case extendedLockBlock(flags: UInt8, block: Int)
    case extendedReadMultipleBlocks(flags: UInt8, first: Int, count: Int)
    case customCommand(flags: UInt8, code: Int, parameters: [UInt8])
    case sendRequest(flags: Int, command: Int, data: [UInt8])

    /// The route for `request` to the tag with this `uid` (`E0` first) and manufacturer code.
    static func of(_ request: ISO15693Request, uid: [UInt8], manufacturerCode: UInt8) -> ISO15693Route {
        let flags = request.flags
        let raw = flags.rawValue
        let p = request.parameters
        let typedFlags = flags.contains(.address) != flags.contains(.select) && !flags.contains(.inventory)
        if request.isCustom, !flags.contains(.address), !flags.contains(.inventory) {
            return .customCommand(flags: raw, code: Int(request.command), parameters: p)
        }
        if typedFlags {
            switch (request.command, p.count) {
            case (0x20, 1): return .readSingleBlock(flags: raw, block: p[0])
            case (0x21, 2...): return .writeSingleBlock(flags: raw, block: p[0], data: Array(p.dropFirst()))
            case (0x22, 1): return .lockBlock(flags: raw, block: p[0])
            case (0x23, 2): return .readMultipleBlocks(flags: raw, first: Int(p[0]), count: Int(p[1]) + 1)
            case (0x2C, 2): return .securityStatus(flags: raw, first: Int(p[0]), count: Int(p[1]) + 1)
            case (0x30, 2): return .extendedReadSingleBlock(flags: raw, block: little(p, 0))
            case (0x31, 3...):
                return .extendedWriteSingleBlock(flags: raw, block: little(p, 0), data: Array(p.dropFirst(2)))
            case (0x32, 2): return .extendedLockBlock(flags: raw, block: little(p, 0))
            case (0x33, 4):
                return .extendedReadMultipleBlocks(flags: raw, first: little(p, 0), count: little(p, 2) + 1)
            default: break
            }
        }
        let address = flags.contains(.address) ? Array(uid.reversed()) : []
        let manufacturer = request.isCustom ? [manufacturerCode] : []
        return .sendRequest(flags: Int(raw), command: Int(request.command), data: address + manufacturer + p)
    }

    private static func little(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
}
