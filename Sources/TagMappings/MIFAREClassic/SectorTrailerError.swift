import TapCardSupport

/// Why 16 bytes were refused as a sector trailer.
public enum SectorTrailerError: TapCardError, Equatable {
    /// A block is 16 bytes; `count` were given.
    case wrongLength(count: Int)
    /// The access bytes (6–8) are refused.
    case accessBits(AccessBitsError)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .wrongLength(let count): "A sector trailer is one 16-byte block; \(count) bytes were given."
        case .accessBits(let error): error.sentence
        }
    }
}
