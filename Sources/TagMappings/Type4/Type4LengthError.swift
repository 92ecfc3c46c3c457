import TapCardSupport

/// The length field at the start of a Type 4 NDEF file does not fit the file the CC describes.
/// The origin is `.tag`: the tag's own files disagree; no command was refused.
public enum Type4LengthError: TapCardError, Hashable {
    /// The read of the length field returned fewer bytes than it is wide (2, or 4 for ENLEN).
    case truncated(bytes: Int, needed: Int)
    /// NLEN (or ENLEN) says `length` bytes; the file holds `capacity` (maximum size less the
    /// length field).
    case beyondFile(length: Int, capacity: Int, maximumSize: Int, lengthFieldBytes: Int, file: UInt16)

    public var origin: ErrorOrigin { .tag }

    /// What is wrong, as a clause inside another sentence ("NLEN says 300 bytes, but …").
    public var detail: String {
        switch self {
        case .truncated(let bytes, let needed):
            return "the NDEF file returned \(bytes) bytes for its \(needed)-byte length field"
        case .beyondFile(let length, let capacity, let maximumSize, let lengthFieldBytes, let file):
            let field = lengthFieldBytes == 4 ? "ENLEN" : "NLEN"
            let name = Hex.encode([UInt8(file >> 8), UInt8(file & 0xFF)], uppercase: true)
            return
                "\(field) of NDEF file \(name) says \(length) bytes, but the file holds at most \(capacity) (reported by the tag's CC file: max size \(maximumSize) − \(lengthFieldBytes)-byte \(field))"
        }
    }

    public var sentence: String {
        switch self {
        case .truncated(let bytes, let needed):
            return "The tag's NDEF file returned \(bytes) bytes for its \(needed)-byte length field."
        case .beyondFile(let length, let capacity, let maximumSize, let lengthFieldBytes, let file):
            let field = lengthFieldBytes == 4 ? "ENLEN" : "NLEN"
            let name = Hex.encode([UInt8(file >> 8), UInt8(file & 0xFF)], uppercase: true)
            return
                "The tag's NDEF file \(name) says its message is \(length) bytes (\(field)), but the file holds at most \(capacity) (reported by the tag's CC file: max size \(maximumSize) − \(lengthFieldBytes)-byte \(field)); the tag holds a damaged or interrupted write."
        }
    }
}
