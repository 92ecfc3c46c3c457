/// What a card is, judged from its answer to reset as a PC/SC contactless reader builds it.
///
/// PC/SC Part 3 (and its supplement on storage cards): for a card the reader handles itself, the
/// historical bytes are `80 4F 0C A0 00 00 03 06 SS NN NN 00 00 00 00` — RID `A0 00 00 03 06`
/// (PC/SC Workgroup), `SS` the standard, `NN NN` the card name. An ISO 14443-4 (ISO-DEP) card
/// gets an ATR whose historical bytes are its own (from the ATS).
public enum CardKind: Sendable, Equatable {
    /// A PC/SC Part 3 storage card: `standard` (SS) and `name` (NN NN) as the reader reported them.
    case storageCard(standard: UInt8, name: UInt16)
    /// An ISO 14443-4 card (a Type 4 tag candidate) with these historical bytes.
    case isoDep(historicalBytes: [UInt8])
    /// An ATR we cannot classify (malformed, or a contact card).
    case unknown

    /// Classifies `atr`; never traps, whatever the bytes.
    public init(atr: [UInt8]) {
        guard let historical = Self.historicalBytes(of: atr) else {
            self = .unknown
            return
        }
        let rid: [UInt8] = [0xA0, 0x00, 0x00, 0x03, 0x06]
        if historical.count >= 11, historical[0] == 0x80, historical[1] == 0x4F, historical[2] >= 8,
            Array(historical[3..<8]) == rid
        {
            self = .storageCard(standard: historical[8], name: UInt16(historical[9]) << 8 | UInt16(historical[10]))
        } else if atr.count >= 4, atr[0] == 0x3B, atr[2] == 0x80, atr[3] == 0x01 {
            // 3B 8n 80 01: TD1 says T=0 follows TD2 with T=1, the shape PC/SC Part 3 gives ISO-DEP cards.
            self = .isoDep(historicalBytes: historical)
        } else {
            self = .unknown
        }
    }

    /// True when Type 2 commands (READ 4 pages, WRITE 1 page) apply: the MIFARE Ultralight family,
    /// which includes NTAG.
    public var isType2: Bool {
        if case .storageCard(_, let name) = self { return name == 0x0003 || name == 0x003A }
        return false
    }

    /// A short name for people.
    public var summary: String {
        switch self {
        case .storageCard(_, let name):
            switch name {
            case 0x0001: "MIFARE Classic 1K (storage card)"
            case 0x0002: "MIFARE Classic 4K (storage card)"
            case 0x0003: "MIFARE Ultralight / NTAG, NFC Forum Type 2 (storage card)"
            case 0x0026: "MIFARE Mini (storage card)"
            case 0x003A: "MIFARE Ultralight C, NFC Forum Type 2 (storage card)"
            case 0xF004: "Topaz/Jewel, NFC Forum Type 1 (storage card)"
            case 0xF011, 0xF012: "FeliCa, NFC Forum Type 3 (storage card)"
            default: "storage card with PC/SC name 0x\(String(name, radix: 16, uppercase: true))"
            }
        case .isoDep: "ISO 14443-4 (ISO-DEP) card, possibly an NFC Forum Type 4 tag"
        case .unknown: "card of unknown kind"
        }
    }

    /// The historical bytes of an ATR (ISO 7816-3 §8.2), or `nil` when the ATR is truncated.
    static func historicalBytes(of atr: [UInt8]) -> [UInt8]? {
        guard atr.count >= 2 else { return nil }
        let count = Int(atr[1] & 0x0F)
        var y = atr[1] >> 4
        var index = 2
        while true {
            // TA, TB, TC present per bits 1–3 of Y; TD per bit 4 gives the next Y.
            index += (y & 0x1 != 0 ? 1 : 0) + (y & 0x2 != 0 ? 1 : 0) + (y & 0x4 != 0 ? 1 : 0)
            guard y & 0x8 != 0 else { break }
            guard index < atr.count else { return nil }
            y = atr[index] >> 4
            index += 1
        }
        guard index + count <= atr.count else { return nil }
        return Array(atr[index..<(index + count)])
    }
}
