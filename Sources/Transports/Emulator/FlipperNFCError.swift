import TapCardSupport

/// A Flipper Zero `.nfc` file that cannot be read as an NTAG/Ultralight dump. Every case names
/// the 1-based line where the problem is (0 when it concerns the whole file).
public enum FlipperNFCError: TapCardError, Equatable {
    /// The first non-comment line is not `Filetype: Flipper NFC device`.
    case notFlipperNFC(line: Int)
    /// A line that is not `Key: value`.
    case malformedLine(line: Int)
    /// The file describes a card that is not NTAG/Ultralight (MIFARE Classic, DESFire, …).
    case unsupportedDeviceType(String, line: Int)
    /// A hex field with a character that is not hex, at this character of the value.
    case invalidHex(field: String, line: Int, offset: Int)
    /// A hex field with the wrong number of bytes.
    case wrongLength(field: String, bytes: Int, expected: String, line: Int)
    /// A number field that is not a whole number in range.
    case invalidNumber(field: String, line: Int)
    /// The same field twice.
    case duplicateField(String, line: Int)
    /// A field the dump cannot do without.
    case missingField(String)
    /// `Page N` lines must count up from 0 without gaps.
    case pageOutOfOrder(page: Int, expected: Int, line: Int)
    /// `Pages total` does not match the `Page N` lines present.
    case pageCountMismatch(found: Int, declared: Int)
    /// `Pages total` beyond what any NTAG/Ultralight chip has.
    case tooManyPages(Int, line: Int)

    public var origin: ErrorOrigin { .input }

    /// The 1-based line of the problem, or 0 for the whole file.
    public var line: Int {
        switch self {
        case .notFlipperNFC(let line), .malformedLine(let line), .unsupportedDeviceType(_, let line),
            .invalidHex(_, let line, _), .wrongLength(_, _, _, let line), .invalidNumber(_, let line),
            .duplicateField(_, let line), .pageOutOfOrder(_, _, let line), .tooManyPages(_, let line):
            line
        case .missingField, .pageCountMismatch:
            0
        }
    }

    public var sentence: String {
        switch self {
        case .notFlipperNFC(let line):
            "Line \(line) should be 'Filetype: Flipper NFC device'; this is not a Flipper Zero NFC file."
        case .malformedLine(let line):
            "Line \(line) is not of the form 'Key: value'."
        case .unsupportedDeviceType(let type, let line):
            "Line \(line): device type '\(type)' is not an NTAG/Ultralight tag; only those can be imported."
        case .invalidHex(let field, let line, let offset):
            "Line \(line): '\(field)' has a character that is not hex at character \(offset) of its value."
        case .wrongLength(let field, let bytes, let expected, let line):
            "Line \(line): '\(field)' has \(bytes) bytes; it should have \(expected)."
        case .invalidNumber(let field, let line):
            "Line \(line): '\(field)' is not a whole number in range."
        case .duplicateField(let field, let line):
            "Line \(line): '\(field)' appears a second time."
        case .missingField(let field):
            "The file has no '\(field)' line."
        case .pageOutOfOrder(let page, let expected, let line):
            "Line \(line): found page \(page) where page \(expected) was expected; pages must count up from 0."
        case .pageCountMismatch(let found, let declared):
            "The file declares \(declared) pages but holds \(found)."
        case .tooManyPages(let count, let line):
            "Line \(line): \(count) pages is more than any NTAG/Ultralight chip has (\(FlipperNFC.maximumPages))."
        }
    }
}
