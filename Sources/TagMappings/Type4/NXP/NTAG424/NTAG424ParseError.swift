import TapCardSupport

/// An NTAG 424 DNA native answer that does not have the shape the datasheet gives it. The origin
/// is `.tag`: the tag answered with success, and the bytes do not fit.
public enum NTAG424ParseError: TapCardError, Equatable {
    /// GetVersion gave `count` parts; NTAG 424 DNA answers in 3.
    case versionPartCount(Int)
    /// GetVersion part `part` (1…3) is `bytes` long; it must be `expected` (7, 7, at least 14).
    case versionPartLength(part: Int, bytes: Int, expected: Int)
    /// A GetFileSettings answer of `bytes` bytes; it needs at least 7.
    case fileSettingsTruncated(bytes: Int)
    /// The SDM part of a GetFileSettings answer ends (`bytes` long) before `field`.
    case sdmTruncated(field: String, bytes: Int)
    /// The SDM part has `bytes` bytes after the last offset its options and rights call for.
    case sdmTrailing(bytes: Int)

    public var origin: ErrorOrigin { .tag }

    public var sentence: String {
        switch self {
        case .versionPartCount(let count):
            "The tag's GetVersion answer came in \(count) parts; an NTAG 424 DNA answers in 3."
        case .versionPartLength(let part, let bytes, let expected):
            "Part \(part) of the tag's GetVersion answer is \(bytes) bytes; it must be \(part == 3 ? "at least " : "")\(expected)."
        case .fileSettingsTruncated(let bytes):
            "The tag's GetFileSettings answer is \(bytes) bytes; file type, option, access rights and size need 7."
        case .sdmTruncated(let field, let bytes):
            "The SDM part of the tag's file settings is \(bytes) bytes and ends before \(field)."
        case .sdmTrailing(let bytes):
            "The SDM part of the tag's file settings has \(bytes) bytes after the last offset its options call for."
        }
    }
}
