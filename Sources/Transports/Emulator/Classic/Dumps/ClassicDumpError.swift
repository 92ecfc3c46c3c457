import TapCardSupport

/// Why a dump of a MIFARE Classic card does not read, with the line, block, sector or byte count
/// where it went wrong.
public enum ClassicDumpError: TapCardError, Equatable {
    /// A Flipper Zero file's own problem (its line and what is wrong).
    case flipper(ClassicFileError)
    /// The JSON text breaks JSON's syntax (its line and byte offset inside).
    case json(JSONReadError)
    /// A JSON member the dump cannot do without, or one of the wrong kind (`$.Card.UID`).
    case jsonField(path: String, reason: String)
    /// A block's text (line from 1; 0 in JSON) is not 32 hex digits (or `-` where the format allows).
    case badBlock(line: Int, block: Int, reason: String)
    /// The file holds a block beyond the card (4K: 256 blocks).
    case blockOutOfRange(block: Int, blocks: Int)
    /// The same block twice.
    case duplicateBlock(block: Int, line: Int)
    /// A `+Sector:` header that is not a sector of the card, or a sector given twice.
    case badSector(line: Int, reason: String)
    /// More lines in a sector than it has blocks.
    case sectorOverflow(line: Int, sector: Int, blocks: Int)
    /// A sector (its `+Sector:` header at `line`) with fewer block lines than the sector has.
    case sectorShort(line: Int, sector: Int, found: Int, blocks: Int)
    /// A line that belongs to no format rule (an `.eml` line that is not a block, text before the
    /// first `+Sector:`).
    case strayLine(line: Int)
    /// The dump holds a number of blocks (or bytes) that no MIFARE Classic 1K or 4K has.
    case wrongSize(found: Int, unit: String, expected: [Int])
    /// The dump's size and the `--model` given disagree.
    case modelMismatch(found: Int, unit: String, model: String, expected: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .flipper(let error): error.sentence
        case .json(let error): error.sentence
        case .jsonField(let path, let reason): "'\(path)': \(reason)."
        case .badBlock(let line, let block, let reason):
            line > 0 ? "line \(line), block \(block): \(reason)." : "block \(block): \(reason)."
        case .blockOutOfRange(let block, let blocks):
            "block \(block) is beyond the card (a MIFARE Classic 4K has \(blocks) blocks, 0 to \(blocks - 1))."
        case .duplicateBlock(let block, let line):
            line > 0
                ? "line \(line): block \(block) is given a second time."
                : "'$.blocks' gives block \(block) a second time."
        case .badSector(let line, let reason): "line \(line): \(reason)."
        case .sectorOverflow(let line, let sector, let blocks):
            "line \(line): sector \(sector) has \(blocks) blocks; this is one more."
        case .sectorShort(let line, let sector, let found, let blocks):
            "line \(line): sector \(sector) has \(found) block \(found == 1 ? "line" : "lines"); it has \(blocks) blocks, and MIFARE Classic Tool writes every one (dashes for a block it could not read)."
        case .strayLine(let line): "line \(line) is not a block of 32 hex digits."
        case .wrongSize(let found, let unit, let expected):
            "it holds \(found) \(unit); a MIFARE Classic 1K or 4K has \(expected.map(String.init).joined(separator: " or "))."
        case .modelMismatch(let found, let unit, let model, let expected):
            "it holds \(found) \(unit); a \(model) has \(expected)."
        }
    }
}
