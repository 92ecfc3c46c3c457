import TapCardSupport

/// What is wrong with a Flipper Zero `.nfc` file as text, before any format reads meaning from
/// it: the header, a line's shape, a field given twice or missing, a hex, number or truth value
/// that is not one. Every Flipper format TapCard reads (NTAG/Ultralight, Type 5, FeliCa) meets
/// these through the shared field reader (`FlipperFileFields`), so one broken line reads the same
/// whatever the device type. Every case names the 1-based line of the problem (0 when it
/// concerns the whole file).
public enum FlipperFileProblem: TapCardError, Equatable {
    /// The first non-comment line is not `Filetype: Flipper NFC device`.
    case notFlipperNFC(line: Int)
    /// A line that is not `Key: value`.
    case malformedLine(line: Int)
    /// A hex field with a character that is not hex, at this character of the value.
    case invalidHex(field: String, line: Int, offset: Int)
    /// A hex field with the wrong number of bytes; `expected` lists the counts it may have.
    case wrongLength(field: String, bytes: Int, expected: [Int], line: Int)
    /// A number field that is not a whole number in range.
    case invalidNumber(field: String, line: Int)
    /// A field that must be `true` or `false`.
    case invalidBool(field: String, line: Int)
    /// A field whose value is none of the words the firmware writes there.
    case invalidChoice(field: String, line: Int, choices: [String])
    /// The same field twice.
    case duplicateField(String, line: Int)
    /// A field the file cannot do without.
    case missingField(String)
    /// The last line (`line`) has no line end: the firmware ends every line it writes with LF, so
    /// the file was cut inside that line.
    case noFinalLineEnd(line: Int)
    /// A `Version` no Flipper firmware reads: it reads 2 to 4 (`NFC_MINIMUM_SUPPORTED_FORMAT_VERSION`
    /// to `NFC_CURRENT_FORMAT_VERSION` in its `nfc_common.h`); a later one is a format nobody has
    /// defined yet.
    case unsupportedVersion(Int, line: Int)

    public var origin: ErrorOrigin { .input }

    /// The 1-based line of the problem, or 0 for the whole file.
    public var line: Int {
        switch self {
        case .notFlipperNFC(let line), .malformedLine(let line), .invalidHex(_, let line, _),
            .wrongLength(_, _, _, let line), .invalidNumber(_, let line), .invalidBool(_, let line),
            .duplicateField(_, let line), .noFinalLineEnd(let line), .invalidChoice(_, let line, _),
            .unsupportedVersion(_, let line):
            line
        case .missingField: 0
        }
    }

    public var sentence: String {
        switch self {
        case .notFlipperNFC(let line):
            "Line \(line) should be 'Filetype: Flipper NFC device'; this is not a Flipper Zero NFC file."
        case .malformedLine(let line):
            "Line \(line) is not of the form 'Key: value'."
        case .invalidHex(let field, let line, let offset):
            "Line \(line): '\(field)' has a character that is not hex at character \(offset) of its value."
        case .wrongLength(let field, let bytes, let expected, let line):
            "Line \(line): '\(field)' has \(bytes) bytes; it should have \(expected.map(String.init).joined(separator: " or "))."
        case .invalidNumber(let field, let line):
            "Line \(line): '\(field)' is not a whole number in range."
        case .invalidChoice(let field, let line, let choices):
            "Line \(line): '\(field)' must be one of \(choices.map { "'\($0)'" }.joined(separator: ", ")) (the Flipper firmware refuses a file with another)."
        case .invalidBool(let field, let line):
            "Line \(line): '\(field)' must be true or false."
        case .duplicateField(let field, let line):
            "Line \(line): '\(field)' appears a second time."
        case .missingField(let field):
            "The file has no '\(field)' line."
        case .unsupportedVersion(let version, let line):
            "Line \(line): 'Version: \(version)': Flipper Zero NFC files have versions 2 to 4 (4 is what the firmware writes today; 2 and 3 older firmware), and this file's layout is not known."
        case .noFinalLineEnd(let line):
            "Line \(line), the last, has no line end: a Flipper Zero ends every line it writes with one, so the file was cut inside this line."
        }
    }
}
