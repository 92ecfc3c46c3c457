import TagFrames
import TapCardSupport

/// What can go wrong between sending a command and getting an answer, on any channel. Each case
/// says who decided: the tag (a NAK, a reader-refused storage APDU), the radio (timeout, tag lost,
/// several tags), or the reader and its platform (a PC/SC or CoreNFC code). Each names the command
/// in words and bytes (``/TagFrames/CommandLabel``): "READ (0x30)", "SELECT (00 A4 04 00)".
///
/// An APDU status word or an ISO 15693 error flag is not a channel failure: it is the tag's
/// answer, returned as data, and the mapping judges it.
public enum ChannelError: TapCardError, Equatable {
    /// The tag answered with a 4-bit NAK (`0x0` invalid argument, `0x1` parity/CRC, `0x4`
    /// authentication counter, `0x5` EEPROM write error) to `command`.
    case nak(code: UInt8, command: CommandLabel)
    /// The reader answered a storage-card APDU it translates for an NFC-A tag with an error status
    /// word (e.g. `69 82` locked, `6A 82` out of range).
    case statusWord(sw1: UInt8, sw2: UInt8, command: CommandLabel)
    /// No answer within the command's time limit; the command may or may not have landed.
    case timeout(command: CommandLabel, milliseconds: Int)
    /// The tag left the field before answering `command` (`nil`: before anything was sent).
    case tagLost(command: CommandLabel?)
    /// No tag is in the field.
    case noTag
    /// More than one tag answered; the user should present one.
    case multipleTags(count: Int)
    /// This carrier cannot send `command` at all (e.g. a reader without pass-through).
    case unsupported(command: CommandLabel, reason: String)
    /// The response had the wrong size for `command`.
    case malformedResponse(command: CommandLabel, received: Int, expected: Int)
    /// The reader or platform reported a failure with its own code (PC/SC, CoreNFC).
    case reader(code: Int64, message: String)

    public var origin: ErrorOrigin {
        switch self {
        case .nak, .statusWord, .malformedResponse: .tag
        case .timeout, .tagLost, .noTag, .multipleTags: .transport
        case .unsupported, .reader: .platform
        }
    }

    /// The command the failure happened to, where there was one.
    public var command: CommandLabel? {
        switch self {
        case .nak(_, let command), .statusWord(_, _, let command), .timeout(let command, _),
            .unsupported(let command, _), .malformedResponse(let command, _, _):
            command
        case .tagLost(let command): command
        case .noTag, .multipleTags, .reader: nil
        }
    }

    public var sentence: String {
        switch self {
        case .nak(let code, let command):
            let meaning =
                switch code {
                case 0x0: "invalid argument, such as a page outside the tag or a locked page"
                case 0x1: "parity or CRC error"
                case 0x4: "authentication counter overflow"
                case 0x5: "EEPROM write error"
                default: "an unknown reason"
                }
            return "The tag refused \(command) with NAK 0x\(String(code, radix: 16, uppercase: true)) (\(meaning))."
        case .statusWord(let sw1, let sw2, let command):
            return "The reader refused \(command) with status word \(StatusWord(sw1: sw1, sw2: sw2))."
        case .timeout(let command, let ms):
            return
                "The tag did not answer \(command) within \(ms) ms; it may or may not have been carried out."
        case .tagLost(let command?):
            return "The tag left the field during \(command); it may or may not have been carried out."
        case .tagLost(nil):
            return "The tag left the field before any command was sent."
        case .noTag:
            return "No tag is in the field."
        case .multipleTags(let count):
            return "\(count) tags are in the field; present one tag at a time."
        case .unsupported(let command, let reason):
            return "This reader cannot send \(command): \(reason)."
        case .malformedResponse(let command, let received, let expected):
            return "The tag answered \(command) with \(received) bytes; \(expected) were expected."
        case .reader(let code, let message):
            return "The reader reported error \(code): \(message)."
        }
    }
}
