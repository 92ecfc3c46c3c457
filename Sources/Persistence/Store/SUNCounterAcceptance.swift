/// What the store said to a SUN read counter offered for a UID (`SUNCounterStore.acceptSUNCounter`).
public enum SUNCounterAcceptance: Sendable, Equatable {
    /// Recorded: it is the UID's new last counter. `previous` is the one it replaced (`nil` for a
    /// UID seen for the first time).
    case accepted(previous: Int?)
    /// Not recorded: the store already holds `lastAccepted`, and the offered counter is not above it.
    case refused(lastAccepted: Int)
}
