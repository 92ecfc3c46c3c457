import TapCardSupport

/// A Flipper Zero `.nfc` file that cannot be read as an ICODE SLIX2 (`Device type: SLIX`) or
/// ST25DV04K (`Device type: ISO15693-3`) tag. Every case names the 1-based line of the problem
/// (0 when it concerns the whole file).
public enum Type5FileError: TapCardError, Equatable {
    /// The first non-comment line is not `Filetype: Flipper NFC device`.
    case notFlipperNFC(line: Int)
    /// A line that is not `Key: value`.
    case malformedLine(line: Int)
    /// A device type other than SLIX or ISO15693-3.
    case unsupportedDeviceType(String, line: Int)
    /// A hex field with a character that is not hex, at this character of the value.
    case invalidHex(field: String, line: Int, offset: Int)
    /// A hex field with the wrong number of bytes.
    case wrongLength(field: String, bytes: Int, expected: Int, line: Int)
    /// A number field that is not a whole number in range.
    case invalidNumber(field: String, line: Int)
    /// A field that must be `true` or `false`.
    case invalidBool(field: String, line: Int)
    /// The same field twice.
    case duplicateField(String, line: Int)
    /// A field the file cannot do without.
    case missingField(String)
    /// The UID (and IC reference) name no chip TapCard emulates as this device type.
    case unknownChip(uid: String, line: Int)
    /// Block count or size that differ from the chip's.
    case geometry(blocks: Int, blockSize: Int, expectedBlocks: Int, expectedSize: Int, line: Int)

    public var origin: ErrorOrigin { .input }

    /// The 1-based line of the problem, or 0 for the whole file.
    public var line: Int {
        switch self {
        case .notFlipperNFC(let line), .malformedLine(let line), .unsupportedDeviceType(_, let line),
            .invalidHex(_, let line, _), .wrongLength(_, _, _, let line), .invalidNumber(_, let line),
            .invalidBool(_, let line), .duplicateField(_, let line), .unknownChip(_, let line),
            .geometry(_, _, _, _, let line):
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
        case .unsupportedDeviceType(let type, let line):
            "Line \(line): device type '\(type)' is not a Type 5 tag TapCard emulates (SLIX for ICODE SLIX2, ISO15693-3 for ST25DV04K)."
        case .invalidHex(let field, let line, let offset):
            "Line \(line): '\(field)' has a character that is not hex at character \(offset) of its value."
        case .wrongLength(let field, let bytes, let expected, let line):
            "Line \(line): '\(field)' has \(bytes) bytes; it should have \(expected)."
        case .invalidNumber(let field, let line):
            "Line \(line): '\(field)' is not a whole number in range."
        case .invalidBool(let field, let line):
            "Line \(line): '\(field)' must be true or false."
        case .duplicateField(let field, let line):
            "Line \(line): '\(field)' appears a second time."
        case .missingField(let field):
            "The file has no '\(field)' line."
        case .unknownChip(let uid, let line):
            "Line \(line): the UID \(uid) is not one of an ICODE SLIX2 (E0 04 01, SLIX2 type bits) or an ST25DV04K (E0 02 24)."
        case .geometry(let blocks, let size, let expectedBlocks, let expectedSize, let line):
            "Line \(line): \(blocks) blocks of \(size) bytes; the chip has \(expectedBlocks) blocks of \(expectedSize) bytes."
        }
    }
}
