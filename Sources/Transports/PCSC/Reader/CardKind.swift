/// What a card is, judged from its answer to reset as a PC/SC contactless reader builds it.
///
/// PC/SC Part 3 (and its supplement on storage cards): for a card the reader handles itself, the
/// historical bytes are `80 4F 0C A0 00 00 03 06 SS NN NN 00 00 00 00` — RID `A0 00 00 03 06`
/// (PC/SC Workgroup), `SS` the standard, `NN NN` the card name. An ISO 14443-4 (ISO-DEP) card
/// gets an ATR whose historical bytes are its own (from the ATS).
///
/// The standard byte `SS` (PC/SC Part 3 supplement, "PIX.SS"; the same values are listed in
/// pcsc-tools' `smartcard_list.txt` as "(as per PCSC std part3)"): `03` ISO 14443 A part 3,
/// `07` ISO 14443 B part 3, `09`/`0A`/`0B`/`0C` ISO 15693 parts 1–4, `11` FeliCa. SpringCard's
/// SpringCore manual (GET DATA `FF CA F1 00`, "Get PIX data") confirms `03` NFC-A, `07` NFC-B,
/// `0B` NFC-V and `11` NFC-F. ISO 15693 card names seen in `smartcard_list.txt` with `SS = 0B`:
/// `00 00` EM Microelectronic, `00 0E` Infineon, `00 12` Texas Instruments (Tag-it), `00 14`
/// NXP (Philips) ICODE. FeliCa: `00 3B` (ACR122U-class readers, ATR
/// `3B 8F 80 01 80 4F 0C A0 00 00 03 06 11 00 3B 00 00 00 00 42`); ACS also names `F0 11`
/// (FeliCa 212 kbit/s) and `F0 12` (424 kbit/s).
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

    /// The PC/SC Part 3 standard byte of an ISO 14443 A part 3 card (`SS = 03`).
    public static var iso14443AStandard: UInt8 { 0x03 }

    /// The blocks of a MIFARE Classic card the ATR names (standard `03`; name `00 01` Classic 1K,
    /// 64 blocks; `00 02` Classic 4K, 256 blocks; `00 26` MIFARE Mini, 20 blocks), or `nil` for any
    /// other card. PC/SC Part 3 supplement's card names, as pcsc-tools' `smartcard_list.txt` lists
    /// the ATRs `3B 8F 80 01 80 4F 0C A0 00 00 03 06 03 00 01 00 00 00 00 6A` (1K) and
    /// `… 03 00 02 00 00 00 00 69` (4K).
    public var classicBlockCount: Int? {
        guard case .storageCard(let standard, let name) = self, standard == Self.iso14443AStandard else { return nil }
        switch name {
        case 0x0001: return 64
        case 0x0002: return 256
        case 0x0026: return 20
        default: return nil
        }
    }

    /// True for a MIFARE Classic card (1K, 4K or Mini): the reader's LOAD KEYS, GENERAL
    /// AUTHENTICATE, READ and UPDATE BINARY reach its sectors (``PCSCClassicChannel``).
    public var isClassic: Bool { classicBlockCount != nil }

    /// The PC/SC Part 3 standard byte of an ISO 15693 part 3 card (`SS = 0B`).
    public static var iso15693Standard: UInt8 { 0x0B }
    /// The PC/SC Part 3 standard byte of a FeliCa card (`SS = 11`).
    public static var felicaStandard: UInt8 { 0x11 }

    /// True for an ISO 15693 part 3 storage card (an NFC Forum Type 5 tag candidate): the reader
    /// answers READ/UPDATE BINARY on its blocks. Parts 1 and 2 only (`09`, `0A`, as HID iCLASS
    /// shows) say nothing about the block commands, so they do not count.
    public var isISO15693: Bool {
        if case .storageCard(let standard, _) = self { return standard == Self.iso15693Standard }
        return false
    }

    /// True for a FeliCa card (an NFC Forum Type 3 tag candidate), by standard byte `11` or by
    /// ACS's card names `F0 11`/`F0 12`.
    public var isFeliCa: Bool {
        if case .storageCard(let standard, let name) = self {
            return standard == Self.felicaStandard || name == 0xF011 || name == 0xF012
        }
        return false
    }

    /// A short name for people.
    public var summary: String {
        switch self {
        case .storageCard(let standard, let name) where standard == Self.iso15693Standard:
            let maker =
                switch name {
                case 0x0000: ""
                case 0x000E: "Infineon "
                case 0x0012: "Texas Instruments Tag-it "
                case 0x0014: "NXP ICODE "
                default: "PC/SC name 0x\(String(name, radix: 16, uppercase: true)) "
                }
            return "\(maker)ISO 15693 tag, NFC Forum Type 5 candidate (storage card, PC/SC standard 0x0B)"
        case .storageCard(let standard, _) where standard == Self.felicaStandard:
            return "FeliCa, NFC Forum Type 3 (storage card, PC/SC standard 0x11)"
        case .storageCard(_, let name):
            return Self.storageCardName(name)
        case .isoDep:
            return "ISO 14443-4 (ISO-DEP) card, possibly an NFC Forum Type 4 tag"
        case .unknown:
            return "card of unknown kind"
        }
    }

    private static func storageCardName(_ name: UInt16) -> String {
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
