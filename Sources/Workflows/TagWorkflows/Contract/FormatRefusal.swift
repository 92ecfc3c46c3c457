import TapCardSupport

/// Why TapCard will not format a tag, the same on every type that has no refusal of its own for
/// it: formatting never loses a message.
public enum FormatRefusal: TapCardError, Equatable {
    /// The tag is NDEF-formatted and holds a `messageBytes`-byte message, which a format would
    /// wipe; `erase` empties it and keeps the format.
    case holdsMessage(messageBytes: Int)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .holdsMessage(let bytes):
            "The tag is NDEF-formatted already and holds a \(bytes)-byte message; formatting again would only lose its message. To empty it, run `tapcard erase`. Nothing was written."
        }
    }
}
