/// A tag on a PC/SC reader, ready to use: the context, the connected card, what the ATR says it
/// is, and a ``StorageCardTransport`` for Type 2 commands.
public final class PCSCTagSession {
    public let context: PCSCContext
    public let card: PCSCCard
    public let kind: CardKind
    public let transport: StorageCardTransport<PCSCCard>

    public var readerName: String { card.reader }
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
