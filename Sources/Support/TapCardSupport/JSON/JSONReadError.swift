/// Text that is not a JSON document (RFC 8259), with the 1-based line and the byte offset where
/// reading stopped.
public enum JSONReadError: TapCardError, Equatable {
    /// The text ended inside a value (`expected` says what was still to come).
    case truncated(expected: String, line: Int, offset: Int)
    /// A byte that cannot stand where it is.
    case unexpected(byte: UInt8, expected: String, line: Int, offset: Int)
    /// Arrays and objects nested deeper than ``JSONReader/maximumDepth``.
    case tooDeep(line: Int, offset: Int)
    /// A `\u` escape that is not four hex digits or names a lone surrogate.
    case badEscape(line: Int, offset: Int)
    /// A number that does not fit a 64-bit integer or a double.
    case badNumber(line: Int, offset: Int)

    public var origin: ErrorOrigin { .input }

    public var line: Int {
        switch self {
        case .truncated(_, let line, _), .unexpected(_, _, let line, _), .tooDeep(let line, _),
            .badEscape(let line, _), .badNumber(let line, _):
            line
        }
    }

    /// The byte offset where reading stopped.
    public var offset: Int {
        switch self {
        case .truncated(_, _, let offset), .unexpected(_, _, _, let offset), .tooDeep(_, let offset),
            .badEscape(_, let offset), .badNumber(_, let offset):
            offset
        }
    }

    public var sentence: String { "Line \(line) (byte \(offset)): \(reason)" }

    /// What is wrong, without the place (for errors that give the place their own way).
    public var reason: String {
        switch self {
        case .truncated(let expected, _, _):
            "the JSON text ends where \(expected) was expected; the file is truncated."
        case .unexpected(let byte, let expected, _, _):
            "found byte 0x\(Hex.encode([byte], uppercase: true)) where \(expected) was expected; this is not JSON."
        case .tooDeep:
            "JSON nested deeper than \(JSONReader.maximumDepth) levels."
        case .badEscape:
            "a \\u escape that is not four hex digits or is a lone surrogate."
        case .badNumber:
            "a number that fits neither a 64-bit integer nor a double."
        }
    }
}
