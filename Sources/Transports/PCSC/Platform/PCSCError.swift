import TapCardSupport

/// What PC/SC (pcsc-lite, PCSC.framework) or a reader reported, as our own typed error.
///
/// A status word of the tag is not here: that travels as ``/TagTransport/ChannelError/statusWord(sw1:sw2:command:)``
/// through the tag transport. `code` is the PC/SC return value (`SCARD_E_…`), kept for the report.
public enum PCSCError: TapCardError, Equatable {
    /// The PC/SC client library could not be loaded.
    case unavailable(detail: String)
    /// The PC/SC service (pcscd) is not running or went away.
    case serviceNotRunning(code: UInt32)
    /// PC/SC works but no reader is connected.
    case noReaders
    /// `--reader` named a reader that is not connected.
    case readerNotFound(selector: String, available: [String])
    /// No card was presented within the time allowed.
    case noCard(reader: String?, waitedMilliseconds: Int)
    /// The card left the reader (during or before a command).
    case cardRemoved(reader: String)
    /// The reader itself disappeared (unplugged, driver gone).
    case readerRemoved(reader: String)
    /// Another application holds the card exclusively.
    case sharingViolation(reader: String)
    /// The wait was cancelled (Ctrl-C, another thread).
    case cancelled
    /// Any other PC/SC failure of `function`, with its return code.
    case call(function: String, code: UInt32)

    public var origin: ErrorOrigin {
        switch self {
        case .readerNotFound: .input
        case .noCard, .cardRemoved, .readerRemoved: .transport
        case .unavailable, .serviceNotRunning, .noReaders, .sharingViolation, .cancelled, .call: .platform
        }
    }

    public var sentence: String {
        switch self {
        case .unavailable(let detail):
            return "PC/SC is not available: install pcscd (on Debian/Ubuntu: apt-get install pcscd) (\(detail))."
        case .serviceNotRunning(let code):
            return
                "The PC/SC service is not running (\(Self.hex(code))): install pcscd if it is missing, then start it (systemctl start pcscd.socket, or pcscd -f)."
        case .noReaders:
            return "No PC/SC reader is connected."
        case .readerNotFound(let selector, let available):
            let list =
                available.isEmpty
                ? "none is connected" : "connected: " + available.map { "'\($0)'" }.joined(separator: ", ")
            return
                "No reader matches '\(selector)' (\(list)); give a name, a unique part of one, or an index from 'tapcard readers'."
        case .noCard(let reader, let ms):
            let place = reader.map { "reader '\($0)'" } ?? "any reader"
            return "No tag was presented to \(place) within \(Self.seconds(ms))."
        case .cardRemoved(let reader):
            return "The tag was removed from reader '\(reader)'; the last command may or may not have been carried out."
        case .readerRemoved(let reader):
            return "The reader '\(reader)' was disconnected."
        case .sharingViolation(let reader):
            return "Another application is using the tag on reader '\(reader)' exclusively."
        case .cancelled:
            return "The PC/SC operation was cancelled."
        case .call(let function, let code):
            return "\(function) failed with \(Self.hex(code)): \(Self.meaning(of: code))."
        }
    }

    /// The error for a PC/SC return code from `function`, naming `reader` where it matters.
    static func from(code: UInt32, function: String, reader: String?) -> PCSCError {
        switch code {
        case 0x8010_001D, 0x8010_001E: return .serviceNotRunning(code: code)
        case 0x8010_002E: return .noReaders
        case 0x8010_0069, 0x8010_000C: return .cardRemoved(reader: reader ?? "?")
        case 0x8010_0017, 0x8010_0009: return .readerRemoved(reader: reader ?? "?")
        case 0x8010_000B: return .sharingViolation(reader: reader ?? "?")
        case 0x8010_0002: return .cancelled
        default: return .call(function: function, code: code)
        }
    }

    /// pcsc-lite's meaning of a return code, as a clause.
    static func meaning(of code: UInt32) -> String {
        switch code {
        case 0x8010_0001: "an internal error inside PC/SC"
        case 0x8010_0002: "the operation was cancelled"
        case 0x8010_0003: "the handle is not valid (the connection was closed)"
        case 0x8010_0004: "a parameter was not valid"
        case 0x8010_0006: "PC/SC ran out of memory"
        case 0x8010_0008: "the answer did not fit the buffer"
        case 0x8010_0009: "the reader is not known to PC/SC"
        case 0x8010_000A: "the time allowed ran out"
        case 0x8010_000B: "another application holds the card exclusively"
        case 0x8010_000C: "no card is in the reader"
        case 0x8010_000D: "the card is not known"
        case 0x8010_000F: "the card does not speak the requested protocol (T=0 or T=1)"
        case 0x8010_0010: "the reader or card is not ready"
        case 0x8010_0011: "a value was not valid"
        case 0x8010_0013: "an internal communication error inside PC/SC"
        case 0x8010_0015: "the card's ATR is not valid"
        case 0x8010_0016: "the command could not be exchanged with the card (it may have left the field)"
        case 0x8010_0017: "the reader is unavailable"
        case 0x8010_001C: "the reader does not support this card"
        case 0x8010_001D: "the PC/SC service is not running"
        case 0x8010_001E: "the PC/SC service stopped"
        case 0x8010_001F: "the reader does not support this feature, or an unexpected error occurred"
        case 0x8010_002E: "no reader is connected"
        case 0x8010_002F: "the data sent to or received from the reader was lost"
        case 0x8010_0031: "the PC/SC service is too busy"
        case 0x8010_0065: "the reader cannot talk to this card"
        case 0x8010_0066: "the card does not answer"
        case 0x8010_0067: "the card is not powered"
        case 0x8010_0068: "the card was reset by another application"
        case 0x8010_0069: "the card was removed"
        default: "an error PC/SC does not describe further"
        }
    }

    private static func hex(_ code: UInt32) -> String {
        "0x" + String(code, radix: 16, uppercase: true)
    }

    private static func seconds(_ ms: Int) -> String {
        ms % 1000 == 0 ? "\(ms / 1000) s" : "\(ms) ms"
    }
}
