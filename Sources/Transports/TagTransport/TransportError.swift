import TapCardSupport

/// What can go wrong between sending a frame and getting one back. Each case says who decided:
/// the tag (a NAK or a status word), the radio (timeout, tag lost, several tags), or the reader
/// and its platform (a PC/SC or CoreNFC code).
public enum TransportError: TapCardError, Equatable {
    /// The tag answered with a 4-bit NAK (`0x0` invalid argument, `0x1` parity/CRC, `0x4`
    /// authentication counter, `0x5` EEPROM write error) to the command starting with `command`.
    case nak(code: UInt8, command: UInt8)
    /// The reader answered an APDU with an error status word (e.g. `69 82` locked, `6A 82` out of range).
    case statusWord(sw1: UInt8, sw2: UInt8, command: UInt8)
    /// No answer within the command's time limit; the command may or may not have landed.
    case timeout(command: UInt8, milliseconds: Int)
    /// The tag left the field before answering `command` (`nil`: before anything was sent).
    case tagLost(command: UInt8?)
    /// No tag is in the field.
    case noTag
    /// More than one tag answered; the user should present one.
    case multipleTags(count: Int)
    /// This transport cannot send `command` at all (e.g. a reader without pass-through).
    case unsupported(command: UInt8, reason: String)
    /// The response had the wrong size for `command`.
    case malformedResponse(command: UInt8, received: Int, expected: Int)
    /// The reader or platform reported a failure with its own code (PC/SC, CoreNFC).
    case reader(code: Int64, message: String)

    public var origin: ErrorOrigin {
        switch self {
        case .nak, .statusWord, .malformedResponse: .tag
        case .timeout, .tagLost, .noTag, .multipleTags: .transport
        case .unsupported, .reader: .platform
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
            return
                "The tag refused command 0x\(Hex.encode([command], uppercase: true)) with NAK 0x\(String(code, radix: 16, uppercase: true)) (\(meaning))."
        case .statusWord(let sw1, let sw2, let command):
            return
                "The reader refused command 0x\(Hex.encode([command], uppercase: true)) with status word \(Hex.encode([sw1, sw2], uppercase: true, separator: " "))."
        case .timeout(let command, let ms):
            return
                "The tag did not answer command 0x\(Hex.encode([command], uppercase: true)) within \(ms) ms; it may or may not have been carried out."
        case .tagLost(let command?):
            return
                "The tag left the field during command 0x\(Hex.encode([command], uppercase: true)); it may or may not have been carried out."
        case .tagLost(nil):
            return "The tag left the field before any command was sent."
        case .noTag:
            return "No tag is in the field."
        case .multipleTags(let count):
            return "\(count) tags are in the field; present one tag at a time."
        case .unsupported(let command, let reason):
            return "This reader cannot send command 0x\(Hex.encode([command], uppercase: true)): \(reason)."
        case .malformedResponse(let command, let received, let expected):
            return
                "The tag answered command 0x\(Hex.encode([command], uppercase: true)) with \(received) bytes; \(expected) were expected."
        case .reader(let code, let message):
            return "The reader reported error \(code): \(message)."
        }
    }
}
