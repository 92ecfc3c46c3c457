/// Where a profile is: idle (never started), active, or ended (the last session is over; a tap
/// on a paired tag starts the next one).
public enum FocusState: Sendable, Equatable {
    case idle
    case active(FocusSession)
    case ended(FocusSession)

    /// The running session, if any.
    public var activeSession: FocusSession? {
        if case .active(let session) = self { return session }
        return nil
    }

    /// The last session that ended, if the profile is in the ended state.
    public var endedSession: FocusSession? {
        if case .ended(let session) = self { return session }
        return nil
    }
}
