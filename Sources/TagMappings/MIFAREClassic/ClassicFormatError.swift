import TapCardSupport

/// Why no format plan was made. Nothing was written.
public enum ClassicFormatError: TapCardError, Equatable {
    /// The NDEF TLV of a `message`-byte message takes `tlvBytes` bytes; the NDEF sectors hold `capacity`.
    case messageTooLong(message: Int, tlvBytes: Int, capacity: Int)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .messageTooLong(let message, let tlvBytes, let capacity):
            "A \(message)-byte message needs \(tlvBytes) bytes with its NDEF TLV; the card's NDEF sectors hold \(capacity)."
        }
    }
}
