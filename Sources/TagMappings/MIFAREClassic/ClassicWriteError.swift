import TapCardSupport

/// Why no write plan was made for a MIFARE Classic card's NDEF area. Nothing was written.
public enum ClassicWriteError: TapCardError, Equatable {
    /// The plan needs the area's bytes through the last block the new TLV covers, and the old NDEF
    /// TLV whole: `read` bytes were read, `needed` are.
    case areaNotRead(read: Int, needed: Int)
    /// A `needed`-byte message does not fit: the NDEF TLV, from area offset `tlvOffset`, has
    /// `available` bytes of the `capacity` the NDEF sectors hold.
    case tooBig(needed: Int, capacity: Int, available: Int, tlvOffset: Int)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .areaNotRead(let read, let needed):
            "Only \(read) bytes of the card's NDEF sectors were read; the write needs the first \(needed). Nothing was written."
        case .tooBig(let needed, let capacity, let available, let offset):
            "The message needs \(needed) bytes; the NDEF sectors hold \(capacity), and from the NDEF TLV at byte \(offset) \(available) bytes are left for the TLV itself. Nothing was written."
        }
    }
}
