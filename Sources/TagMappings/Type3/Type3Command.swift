import TagFrames

/// The FeliCa commands the Type 3 mapping sends, without LEN and CRC (the carrier adds them, as
/// iOS's `sendFeliCaCommand` does). Codes and layouts: JIS X 6319-4 as nfcpy `tt3.py` sends
/// them; Check and Update without encryption only.
public enum Type3Command {
    public static let polling: UInt8 = 0x00
    public static let check: UInt8 = 0x06
    public static let update: UInt8 = 0x08
    public static let requestService: UInt8 = 0x02
    public static let requestResponse: UInt8 = 0x04

    /// Polling (`00`) for `systemCode` (FFh in either byte is a wildcard), with `requestCode` 01
    /// asking for the system code in the answer, in one time slot (nfcpy `tt3.py` `polling`:
    /// system code big-endian, request code, time slots). Polling addresses no card, so the
    /// command's IDm is empty: a channel sends `00 SC SC RC TSN` and answers with the card's IDm
    /// in the response's `idm` and PMm (then the system code) in its payload.
    public static func polling(systemCode: UInt16, requestCode: UInt8 = 0x01) -> FeliCaCommand {
        FeliCaCommand(
            code: polling, idm: [], parameters: [UInt8(systemCode >> 8), UInt8(systemCode & 0xFF), requestCode, 0x00])
    }

    /// Request Response (`04`): the card's mode (nfcpy `tt3_sony.py` `request_response`).
    public static func requestResponse(idm: [UInt8]) -> FeliCaCommand {
        FeliCaCommand(code: requestResponse, idm: idm)
    }

    /// Request Service (`02`) for `services` (codes LSB first): the key versions, FFFF for a
    /// service the card does not have (nfcpy `tt3_sony.py` `request_service`).
    public static func requestService(idm: [UInt8], services: [UInt16]) -> FeliCaCommand {
        FeliCaCommand(
            code: requestService, idm: idm,
            parameters: [UInt8(truncatingIfNeeded: services.count)]
                + services.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }

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
