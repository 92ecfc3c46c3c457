import TagFrames
import TapCardSupport

/// The card answered a FeliCa command with status flags other than 00 00. The origin is `.tag`:
/// the card saw the command and refused it (a refusal TapCard makes itself is a
/// ``Type3PlanError``, and nothing is sent then).
///
/// Status flag 1 (JIS X 6319-4, FeliCa Card User's Manual "status flag"): 00h success; FFh an
/// error that is not about one block; otherwise a bit map of the erroneous element in the list
/// (01h the first, 02h the second, 04h the third …; nfcpy `tt3.py` names 01B1/02B1/04B1/08B1 as
/// "first/second/third/fourth block in list"). Status flag 2 names the error; meanings from nfcpy
/// `Type3TagCommandError` (A6, B1, B2) and, marked UNVERIFIED, the FeliCa card manual's list as
/// TapCard's authors know it (not in the stored sources).
public enum Type3StatusError: TapCardError, Equatable {
    /// `command` was answered with `flag1`, `flag2`.
    case refused(command: CommandLabel, flag1: UInt8, flag2: UInt8, blocks: [Int])
    /// The response was too short to hold the status flags or the data it should (`received`
    /// payload bytes, `expected`).
    case shortResponse(command: CommandLabel, received: Int, expected: Int)
    /// The response came from another card (its IDm differs from the one addressed).
    case wrongCard(command: CommandLabel, idm: [UInt8])
    /// The response code is not the command's plus one.
    case wrongResponseCode(command: CommandLabel, code: UInt8)

    public var origin: ErrorOrigin { .tag }

    /// Status flag 2's meaning.
    public static func meaning(flag2: UInt8) -> String {
        switch flag2 {
        case 0xA6: "invalid service code number or attribute"
        case 0xB1: "authentication required (MAC_A)"
        case 0xB2: "verification failure for write with MAC"
        case 0x01: "purse data underflow or overflow (UNVERIFIED)"
        case 0x70: "memory error (UNVERIFIED)"
        case 0x71: "excessive number of memory rewrites (UNVERIFIED)"
        case 0xA1: "illegal number of services (UNVERIFIED)"
        case 0xA2: "illegal number of blocks (UNVERIFIED)"
        case 0xA3: "illegal block list, service order (UNVERIFIED)"
        case 0xA4: "illegal service type (UNVERIFIED)"
        case 0xA5: "access not allowed (UNVERIFIED)"
        case 0xA7: "illegal block list, access mode (UNVERIFIED)"
        case 0xA8: "illegal block number (UNVERIFIED)"
        case 0xA9: "data write failure (UNVERIFIED)"
        default: "unknown code 0x" + Hex.encode([flag2], uppercase: true)
        }
    }

    /// Which element status flag 1 points at: "the 2nd block in the list", "the command".
    public static func position(flag1: UInt8) -> String {
        if flag1 == 0xFF { return "the command" }
        guard flag1 != 0, flag1.nonzeroBitCount == 1 else {
            return "elements 0x" + Hex.encode([flag1], uppercase: true) + " of the list"
        }
        let index = flag1.trailingZeroBitCount + 1
        let suffix = index == 1 ? "st" : index == 2 ? "nd" : index == 3 ? "rd" : "th"
        return "the \(index)\(suffix) element of the list"
    }

    public var sentence: String {
        switch self {
        case .refused(let command, let flag1, let flag2, let blocks):
            let on =
                blocks.isEmpty
                ? "" : " of block" + (blocks.count == 1 ? " " : "s ") + blocks.map(String.init).joined(separator: ", ")
            return
                "The card refused \(command)\(on) with status flags \(Hex.encode([flag1, flag2], uppercase: true, separator: " ")) (\(Self.meaning(flag2: flag2)), at \(Self.position(flag1: flag1)))."
        case .shortResponse(let command, let received, let expected):
            return "The card answered \(command) with \(received) bytes after its IDm; \(expected) were expected."
        case .wrongCard(let command, let idm):
            return
                "A card with IDm \(Hex.encode(idm, uppercase: true)) answered \(command), not the card it was sent to."
        case .wrongResponseCode(let command, let code):
            return
                "The card answered \(command) with response code 0x\(Hex.encode([code], uppercase: true)), not the command's code plus one."
        }
    }

    /// The response's data after the status flags (and, for Check, the block count) when the
    /// flags are 00 00; the refusal otherwise. `blocks` names the blocks in errors.
    public static func check(_ response: FeliCaResponse, command: FeliCaCommand, blocks: [Int] = [])
        throws(Type3StatusError) -> [UInt8]
    {
        guard response.code == command.code &+ 1 else {
            throw .wrongResponseCode(command: command.label, code: response.code)
        }
        guard response.idm == command.idm else { throw .wrongCard(command: command.label, idm: response.idm) }
        let payload = response.payload
        guard payload.count >= 2 else {
            throw .shortResponse(command: command.label, received: payload.count, expected: 2)
        }
        guard payload[0] == 0, payload[1] == 0 else {
            throw .refused(command: command.label, flag1: payload[0], flag2: payload[1], blocks: blocks)
        }
        guard command.code == Type3Command.check else { return Array(payload.dropFirst(2)) }
        let expected = 3 + blocks.count * 16
        guard payload.count == expected, Int(payload[2]) == blocks.count else {
            throw .shortResponse(command: command.label, received: payload.count, expected: expected)
        }
        return Array(payload.dropFirst(3))
    }
}
