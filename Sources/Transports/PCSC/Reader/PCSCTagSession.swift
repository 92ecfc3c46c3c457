import TagTransport

/// A tag on a PC/SC reader, ready to use: the context, the connected card, what the ATR says it
/// is, and the channels the reader offers for it (a ``/TagTransport/TagConnection``): NFC-A
/// frames through ``StorageCardTransport`` for a storage card (Type 2), APDUs as they are through
/// ``ISODepCard`` for an ISO 14443-4 card (Type 4), ISO 15693 requests through
/// ``PCSCISO15693Channel`` for an ISO 15693 part 3 storage card (Type 5, ATR standard byte `0B`),
/// sector operations through ``PCSCClassicChannel`` for a MIFARE Classic card (standard `03`,
/// name `00 01` or `00 02`).
/// A FeliCa card (standard byte `11`) gets no channel: FeliCa commands cannot cross a PC/SC Part 3
/// storage-card interface, and the vendor pass-throughs that carry them (ACS's direct transmit)
/// are not modelled (UNVERIFIED).
public final class PCSCTagSession: TagConnection {
    public let context: PCSCContext
    public let card: PCSCCard
    public let kind: CardKind
    public let transport: StorageCardTransport<PCSCCard>

    /// The card as an ISO-DEP channel (APDUs as they are).
    public private(set) lazy var isoDepCard = ISODepCard(channel: card)

    public var readerName: String { card.reader }

    public var nfcA: (any NFCAChannel)? { kind.isType2 ? transport : nil }
    public var isoDep: (any ISODepChannel)? {
        if case .isoDep = kind { return isoDepCard }
        return nil
    }
    /// The card as an ISO 15693 channel (Part 3 READ/UPDATE BINARY), its UID from GET DATA.
    public private(set) lazy var iso15693Card = PCSCISO15693Channel(
        channel: card, readerName: card.reader, uid: detected.identifier)

    public var iso15693: (any ISO15693Channel)? { kind.isISO15693 ? iso15693Card : nil }
    public var felica: (any FeliCaChannel)? { nil }

    /// The card as a MIFARE Classic channel (LOAD KEYS, GENERAL AUTHENTICATE, READ and UPDATE
    /// BINARY), for an ATR that names Classic 1K, 4K or Mini (``CardKind/classicBlockCount``).
    public private(set) lazy var classicCard = PCSCClassicChannel(
        channel: card, readerName: card.reader, uid: detected.identifier, blockCount: kind.classicBlockCount ?? 0)

    public var classic: (any ClassicChannel)? { kind.isClassic ? classicCard : nil }

    /// What the reader reports: the UID (`FF CA 00 00 00`, asked on first use) and, for an
    /// ISO-DEP card, the ATR's historical bytes standing for the ATS's. PC/SC exposes no ATQA/SAK.
    /// An ISO 15693 card's UID is put `E0` first (``PCSCISO15693Channel/normalisedUID(_:)``);
    /// Part 3 exposes no DSFID. A FeliCa card's GET DATA answer is taken as its IDm (first
    /// 8 bytes; the PMm is not exposed: UNVERIFIED per reader).
    public private(set) lazy var detected: DetectedTechnology = {
        let answer = (try? card.transmit([0xFF, 0xCA, 0x00, 0x00, 0x00])) ?? []
        let uid = answer.count >= 2 && answer.suffix(2) == [0x90, 0x00] ? Array(answer.dropLast(2)) : []
        if kind.isISO15693 {
            return .iso15693(uid: PCSCISO15693Channel<PCSCCard>.normalisedUID(uid), dsfid: nil)
        }
        if kind.isFeliCa {
            return .felica(idm: Array(uid.prefix(8)), pmm: [], systemCode: nil)
        }
        if case .isoDep(let historical) = kind {
            return .nfcA(uid: uid, atqa: nil, sak: 0x20, ats: historical)
        }
        return .nfcA(uid: uid, atqa: nil, sak: nil, ats: nil)
    }()
    public var atr: [UInt8] { card.atr }

    public init(context: PCSCContext, card: PCSCCard) {
        self.context = context
        self.card = card
        self.kind = CardKind(atr: card.atr)
        self.transport = StorageCardTransport(channel: card, readerName: card.reader)
    }

    /// Waits for a tag on the selected reader (or on any reader when `selector` is `nil`) and
    /// connects to it. `waiting` is called with "Hold a tag on the reader…" when nothing is there yet.
    public static func open(
        selector: ReaderSelector?, timeoutMilliseconds: Int, context: PCSCContext? = nil,
        waiting: (String) -> Void
    ) throws(PCSCError) -> PCSCTagSession {
        let context = try Self.context(context)
        let readers = try context.readers()
        guard !readers.isEmpty else { throw PCSCError.noReaders }
        var candidates = readers
        if let selector { candidates = [try selector.resolve(in: readers)] }
        let place = candidates.count == 1 ? "'\(candidates[0])'" : "(any of \(candidates.count) readers)"
        let state = try context.waitForCard(readers: candidates, timeoutMilliseconds: timeoutMilliseconds) {
            waiting("Hold a tag on the reader \(place)…")
        }
        let card = try context.connect(reader: state.name)
        return PCSCTagSession(context: context, card: card)
    }

    private static func context(_ given: PCSCContext?) throws(PCSCError) -> PCSCContext {
        if let given { return given }
        return try PCSCContext()
    }

    /// Ends the connection, leaving the card as it is.
    public func close() {
        card.disconnect()
    }
}
