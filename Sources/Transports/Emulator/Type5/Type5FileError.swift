import TapCardSupport

/// A Flipper Zero `.nfc` file that cannot be read as an ICODE SLIX2 (`Device type: SLIX`) or
/// ST25DV04K (`Device type: ISO15693-3`) tag. Every case names the 1-based line of the problem
/// (0 when it concerns the whole file).
public enum Type5FileError: TapCardError, Equatable, FlipperFormatError {
    /// The file's text breaks the Flipper syntax every format shares (header, `Key: value`
    /// lines, hex, number and true/false fields, a field twice or missing).
    case syntax(FlipperFileProblem)
    /// A device type other than SLIX or ISO15693-3.
    case unsupportedDeviceType(String, line: Int)
    /// The UID (and IC reference) name no chip TapCard emulates as this device type.
    case unknownChip(uid: String, line: Int)
    /// Block count or size that differ from the chip's.
    case geometry(blocks: Int, blockSize: Int, expectedBlocks: Int, expectedSize: Int, line: Int)

    public var origin: ErrorOrigin { .input }

    /// The 1-based line of the problem, or 0 for the whole file.
    public var line: Int {
        switch self {
        case .syntax(let problem): problem.line
        case .unsupportedDeviceType(_, let line), .unknownChip(_, let line), .geometry(_, _, _, _, let line): line
        }
    }

    public var sentence: String {
        switch self {
        case .syntax(let problem):
            problem.sentence
        case .unsupportedDeviceType(let type, let line):
            "Line \(line): device type '\(type)' is not a Type 5 tag TapCard emulates (SLIX for ICODE SLIX2, ISO15693-3 for ST25DV04K)."
        case .unknownChip(let uid, let line):
            "Line \(line): the UID \(uid) is not one of an ICODE SLIX2 (E0 04 01, SLIX2 type bits) or an ST25DV04K (E0 02 24)."
        case .geometry(let blocks, let size, let expectedBlocks, let expectedSize, let line):
            "Line \(line): \(blocks) blocks of \(size) bytes; the chip has \(expectedBlocks) blocks of \(expectedSize) bytes."
        }
    }
}
