import TapCardSupport

/// Why a virtual Type 4 tag file does not parse, with the line (from 1) where it went wrong.
public enum Type4FileError: TapCardError, Equatable {
    /// The first line that is not blank or a comment is not `Filetype: TapCard Type 4 tag`.
    case notType4File(line: Int)
    /// A format version this TapCard cannot read.
    case unsupportedVersion(line: Int, version: String)
    /// A line that is not `Key: value`.
    case malformedLine(line: Int)
    /// A key the format does not have.
    case unknownKey(line: Int, key: String)
    /// A key given twice.
    case duplicateKey(line: Int, key: String)
    /// A value that is not what its key needs (hex bytes, a number, a known model).
    case badValue(line: Int, key: String, reason: String)
    /// A required key that is missing.
    case missingKey(String)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .notType4File(let line):
            "line \(line) should be 'Filetype: \(Type4TagFile.filetype)'."
        case .unsupportedVersion(let line, let version):
            "line \(line) names format version \(version); this TapCard reads version \(Type4TagFile.version)."
        case .malformedLine(let line):
            "line \(line) is not 'Key: value'."
        case .unknownKey(let line, let key):
            "line \(line) has the unknown key '\(key)'."
        case .duplicateKey(let line, let key):
            "line \(line) gives '\(key)' a second time."
        case .badValue(let line, let key, let reason):
            "line \(line), '\(key)': \(reason)."
        case .missingKey(let key):
            "the file has no '\(key)' line."
        }
    }
}
