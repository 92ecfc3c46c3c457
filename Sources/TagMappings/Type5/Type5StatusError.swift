import TagFrames
import TapCardSupport

/// The tag answered a Type 5 command with its error flag set, or with bytes that do not fit the
/// command. The origin is `.tag`: the tag saw the command. "The tag refused ISO 15693 WRITE SINGLE
/// BLOCK (0x21) on block 3 with error 0x12 (the block is locked)."
///
/// Codes: ISO/IEC 15693-3 table 7 as shared/reference/type4-type5-ntag424.md §3.1 lists them.
public enum Type5StatusError: TapCardError, Equatable {
    /// The error flag was set with `code`; `block` is the first block the command named, if any.
    case refused(command: CommandLabel, block: Int?, code: UInt8)
    /// The answer had `bytes` payload bytes where `expected` were due (no error flag).
    case unexpectedLength(command: CommandLabel, block: Int?, bytes: Int, expected: Int)

    public var origin: ErrorOrigin { .tag }

    /// The ISO 15693 error code, for ``refused(command:block:code:)``.
    public var code: UInt8? {
        if case .refused(_, _, let code) = self { return code }
        return nil
    }

    /// The meaning of an ISO/IEC 15693-3 error code.
    public static func meaning(_ code: UInt8) -> String {
        switch code {
        case 0x01: "the command is not supported"
        case 0x02: "the command is not recognised (format error)"
        case 0x03: "the option is not supported"
        case 0x0F: "unknown error, no information given"
        case 0x10: "the block is not available (does not exist)"
        case 0x11: "the block is already locked and cannot be locked again"
        case 0x12: "the block is locked and its content cannot be changed"
        case 0x13: "the block was not programmed successfully"
        case 0x14: "the block was not locked successfully"
        case 0xA0...0xDF: "a custom error of the chip's manufacturer"
        default: "an RFU error code"
        }
    }

    public var sentence: String {
        switch self {
        case .refused(let command, let block, let code):
            let on = block.map { " on block \($0)" } ?? ""
            return
                "The tag refused \(command)\(on) with error 0x\(Hex.encode([code], uppercase: true)) (\(Self.meaning(code)))."
        case .unexpectedLength(let command, let block, let bytes, let expected):
            let on = block.map { " on block \($0)" } ?? ""
            return "The tag answered \(command)\(on) with \(bytes) bytes; \(expected) were expected."
        }
    }

    /// The payload when the error flag is clear, else the refusal. `expected`, when given, is the
    /// payload length the command must produce.
    public static func check(_ response: ISO15693Response, request: ISO15693Request, block: Int?, expected: Int? = nil)
        throws(Type5StatusError) -> [UInt8]
    {
        if response.isError {
            throw .refused(command: request.label, block: block, code: response.errorCode ?? 0x0F)
        }
        if let expected, response.payload.count != expected {
            throw .unexpectedLength(
                command: request.label, block: block, bytes: response.payload.count, expected: expected)
        }
        return response.payload
    }
}
