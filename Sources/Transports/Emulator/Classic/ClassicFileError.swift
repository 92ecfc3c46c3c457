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
    /// A `Block N` line of the card its blocks make is absent (`found`: the highest block present).
    case missingBlock(block: Int, model: String, blocks: Int, found: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .syntax(let problem): problem.sentence
        case .badValue(let line, let key, let reason): "line \(line), '\(key)': \(reason)."
        case .badBlock(let line, let block, let index):
            "line \(line), 'Block \(block)': byte \(index) is not two hex digits or '??', or the block does not hold 16 bytes."
        case .missingBlock(_, _, _, let found) where found < 0:
            "the file has no 'Block N' line at all: a Flipper writes every block of the card ('??' for a byte it could not read)."
        case .missingBlock(let block, let model, let blocks, let found):
            "the file has no 'Block \(block)' line; its blocks go up to \(found), so it is a \(model), which has \(blocks) blocks (0 to \(blocks - 1)) and a Flipper writes every one ('??' for a byte it could not read)."
        }
    }
}
