/// One reader as `SCardGetStatusChange` saw it.
public struct ReaderState: Sendable, Equatable {
    public var name: String
    /// The `SCARD_STATE_…` bits.
    public var eventState: PCSCDword
    /// The card's answer to reset; empty when no card is present.
    public var atr: [UInt8]

    public init(name: String, eventState: PCSCDword, atr: [UInt8]) {
        self.name = name
        self.eventState = eventState
        self.atr = atr
    }

    /// A card is present and answered the reset.
    public var hasCard: Bool {
        eventState & PCSCConstant.statePresent != 0 && eventState & PCSCConstant.stateMute == 0
    }

    /// The reader is unknown or unavailable (unplugged).
    public var isGone: Bool {
        eventState & (PCSCConstant.stateUnknown | PCSCConstant.stateUnavailable) != 0
    }
}
