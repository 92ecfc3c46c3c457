import TapCardSupport

/// Why a Flipper Zero Mifare Classic file does not load, with the line (from 1) where it went wrong.
public enum ClassicFileError: TapCardError, Equatable, FlipperFormatError {
    /// The file's text breaks the Flipper syntax every format shares (header, `Key: value`
    /// lines, a key twice or missing).
    case syntax(FlipperFileProblem)
    /// A value that is not what its key needs.
    case badValue(line: Int, key: String, reason: String)
    /// A `Block N` line whose byte `index` (from 0) is neither two hex digits nor `??`, or that
    /// does not hold 16 bytes (`index` is then the count).
    case badBlock(line: Int, block: Int, index: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .syntax(let problem): problem.sentence
        case .badValue(let line, let key, let reason): "line \(line), '\(key)': \(reason)."
        case .badBlock(let line, let block, let index):
            "line \(line), 'Block \(block)': byte \(index) is not two hex digits or '??', or the block does not hold 16 bytes."
        }
    }
}
