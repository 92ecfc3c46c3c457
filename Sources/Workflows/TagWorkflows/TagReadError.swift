import TapCardSupport

/// The tag is formatted but its NDEF data cannot be read as a message.
public enum TagReadError: TapCardError, Equatable {
    /// The NDEF TLV or the message inside it is incomplete or malformed — what a write torn at
    /// the page that commits the NDEF length leaves behind. `detail` names the byte and rule.
    case interruptedWrite(detail: String)

    public var origin: ErrorOrigin { .tag }

    public var sentence: String {
        switch self {
        case .interruptedWrite(let detail):
            "The tag holds an interrupted write (\(detail)); rewrite this tag."
        }
    }
}
