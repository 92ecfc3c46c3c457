import TapCardSupport

/// Why a SUN URL does not verify. `malformedURL` is the input's fault (exit 65); the others are
/// refusals of a well-formed message (exit 1), each with the reason a backend needs.
public enum SUNError: TapCardError, Equatable {
    /// The URL lacks the fields of any SUN style, or a field is not hex of the right length.
    case malformedURL(reason: String)
    /// PICCData decrypted with the meta key does not start with a valid PICCDataTag: the meta key
    /// is wrong, or the data is not PICCData.
    case piccDataUnreadable(tag: UInt8)
    /// The MAC in the URL is not the one the file key gives for this UID, counter and input. The
    /// right MAC is never said: an oracle that names it would let anyone forge a message.
    case macMismatch(received: String)
    /// The keys given are not 16 bytes.
    case keyLength(name: String, bytes: Int)

    public var origin: ErrorOrigin {
        switch self {
        case .malformedURL, .keyLength: .input
        case .piccDataUnreadable, .macMismatch: .refusal
        }
    }

    /// One word for scripts: `malformed-url`, `wrong-key-or-malformed-picc-data`, `mac-mismatch`.
    public var reason: String {
        switch self {
        case .malformedURL: "malformed-url"
        case .piccDataUnreadable: "wrong-key-or-malformed-picc-data"
        case .macMismatch: "mac-mismatch"
        case .keyLength: "key-length"
        }
    }

    public var sentence: String {
        switch self {
        case .malformedURL(let reason):
            "The URL is not a SUN message: \(reason)."
        case .piccDataUnreadable(let tag):
            "The PICCData does not decrypt to a PICCDataTag (got 0x\(String(tag, radix: 16, uppercase: true)); a valid one has bits 7 and 6 for the mirrored UID and counter and a UID length of 7): the meta key is wrong, or the data is not PICCData."
        case .macMismatch(let received):
            "The MAC \(received) does not verify for this UID, counter and input: the file key is wrong, or the URL was altered."
        case .keyLength(let name, let bytes):
            "The \(name) is \(bytes) bytes; an AES-128 key is 16."
        }
    }
}
