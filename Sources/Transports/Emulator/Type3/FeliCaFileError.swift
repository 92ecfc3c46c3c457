import TapCardSupport

/// Why a Flipper Zero FeliCa file does not load, with the line (from 1) where it went wrong.
public enum FeliCaFileError: TapCardError, Equatable {
    /// A line that is not `Key: value`.
    case malformedLine(line: Int)
    /// A key given twice.
    case duplicateKey(line: Int, key: String)
    /// A value that is not what its key needs.
    case badValue(line: Int, key: String, reason: String)
    /// A required key that is missing.
    case missingKey(String)
    /// The PMm's IC code names a FeliCa chip TapCard does not emulate.
    case unsupportedChip(icCode: UInt8)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .malformedLine(let line): "line \(line) is not 'Key: value'."
        case .duplicateKey(let line, let key): "line \(line) gives '\(key)' a second time."
        case .badValue(let line, let key, let reason): "line \(line), '\(key)': \(reason)."
        case .missingKey(let key): "the file has no '\(key)' line."
        case .unsupportedChip(let code):
            "its PMm names IC code \(Hex.encode([code], uppercase: true)); TapCard emulates FeliCa Lite-S only (IC code F1 or F2)."
        }
    }
}
