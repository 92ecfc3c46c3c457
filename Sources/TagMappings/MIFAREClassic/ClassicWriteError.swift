import TapCardSupport

/// Why no write plan was made for a MIFARE Classic card's NDEF area. Nothing was written.
public enum ClassicWriteError: TapCardError, Equatable {
    /// The plan needs the whole area: `read` of its `capacity` bytes were read.
    case areaNotRead(read: Int, capacity: Int)
    /// A `needed`-byte message does not fit: the NDEF TLV, from area offset `tlvOffset`, has
    /// `available` bytes of the `capacity` the NDEF sectors hold.
    case tooBig(needed: Int, capacity: Int, available: Int, tlvOffset: Int)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .areaNotRead(let read, let capacity):
            "Only \(read) of the \(capacity) bytes of the card's NDEF sectors were read; nothing was written."
        case .tooBig(let needed, let capacity, let available, let offset):
            "The message needs \(needed) bytes; the NDEF sectors hold \(capacity), and from the NDEF TLV at byte \(offset) \(available) bytes are left for the TLV itself. Nothing was written."
        }
    }
}
