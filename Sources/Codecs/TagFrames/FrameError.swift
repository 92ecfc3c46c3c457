import TapCardSupport

/// Why some bytes are not a well-formed frame of the technology they were read as.
public enum FrameError: TapCardError, Equatable {
    /// Fewer bytes than the smallest frame.
    case tooShort(bytes: Int, minimum: Int)
    /// A length field that disagrees with the bytes that follow it.
    case lengthMismatch(declared: Int, available: Int)

    public var origin: ErrorOrigin { .tag }

    public var sentence: String {
        switch self {
        case .tooShort(let bytes, let minimum):
            "The frame has \(bytes) bytes; the shortest valid frame has \(minimum)."
        case .lengthMismatch(let declared, let available):
            "The frame's length field says \(declared) bytes but \(available) follow it."
        }
    }
}
