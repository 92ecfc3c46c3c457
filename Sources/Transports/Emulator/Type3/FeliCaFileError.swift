import TapCardSupport

/// Why a Flipper Zero FeliCa file does not load, with the line (from 1) where it went wrong.
public enum FeliCaFileError: TapCardError, Equatable, FlipperFormatError {
    /// The file's text breaks the Flipper syntax every format shares (header, `Key: value`
    /// lines, hex fields, a key twice or missing).
    case syntax(FlipperFileProblem)
    /// A value that is not what its key needs.
    case badValue(line: Int, key: String, reason: String)
    /// The PMm's IC code names a FeliCa chip TapCard does not emulate.
    case unsupportedChip(icCode: UInt8)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .syntax(let problem): problem.sentence
        case .badValue(let line, let key, let reason): "line \(line), '\(key)': \(reason)."
        case .unsupportedChip(let code):
            "its PMm names IC code \(Hex.encode([code], uppercase: true)); TapCard emulates FeliCa Lite-S only (IC code F1 or F2)."
        }
    }
}
