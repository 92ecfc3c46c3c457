import TagFrames

/// The FeliCa commands the Type 3 mapping sends, without LEN and CRC (the carrier adds them, as
/// iOS's `sendFeliCaCommand` does). Codes and layouts: JIS X 6319-4 as nfcpy `tt3.py` sends
/// them; Check and Update without encryption only.
public enum Type3Command {
    public static let polling: UInt8 = 0x00
    public static let check: UInt8 = 0x06
    public static let update: UInt8 = 0x08

    /// One block list element in its 2-byte form: `80` (access mode 0, service list order 0) and
    /// the block number (0–255).
    static func blockListElement(_ block: Int) -> [UInt8] { [0x80, UInt8(truncatingIfNeeded: block)] }

    /// Check (`06`, Read Without Encryption) of `blocks` through one service (code sent LSB first).
    public static func check(idm: [UInt8], service: UInt16, blocks: [Int]) -> FeliCaCommand {
        FeliCaCommand(
            code: check, idm: idm,
            parameters: [0x01, UInt8(service & 0xFF), UInt8(service >> 8), UInt8(truncatingIfNeeded: blocks.count)]
                + blocks.flatMap(blockListElement))
    }

    /// Update (`08`, Write Without Encryption) of `blocks` with 16 bytes each in `data`.
    public static func update(idm: [UInt8], service: UInt16, blocks: [Int], data: [UInt8]) -> FeliCaCommand {
        FeliCaCommand(
            code: update, idm: idm,
            parameters: [0x01, UInt8(service & 0xFF), UInt8(service >> 8), UInt8(truncatingIfNeeded: blocks.count)]
                + blocks.flatMap(blockListElement) + data)
    }
}
