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
            Self.tooBigSentence(needed: needed, capacity: capacity, available: available, offset: offset)
        }
    }

    /// The message's size, the largest message the NDEF TLV holds from where it starts (its type
    /// byte and 1- or 3-byte length taken off `available`), where that figure comes from, and the
    /// difference, as `write` says it of every other tag.
    private static func tooBigSentence(needed: Int, capacity: Int, available: Int, offset: Int) -> String {
        let shortForm = min(available - 2, 0xFE)
        let most = max(0, shortForm, available - 4 >= 0xFF ? min(available - 4, 0xFFFE) : 0)
        let before = offset > 0 ? ", \(offset) of them taken by the TLVs before the NDEF TLV" : ""
        let over = needed - most
        return
            "The message is \(needed) bytes but this card holds at most \(most) bytes (reported by its MAD: the NDEF sectors hold \(capacity) bytes\(before), less the NDEF TLV's type and length bytes); it is \(over) \(over == 1 ? "byte" : "bytes") too big. Nothing was written."
    }
}
