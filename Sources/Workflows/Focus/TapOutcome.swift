/// What a tap on a paired tag did.
public enum TapOutcome: Sendable, Equatable {
    /// The profile was idle or ended: a new session started.
    case started(FocusSession)
    /// The session was active: this tap ended it (ending `.tag`).
    case ended(FocusSession)
    /// The session had already ended by itself at its planned end (perhaps while the process was
    /// not running); this tap only discovered it. Tap again to start a new session.
    case endedByTimer(FocusSession)

    /// The session the outcome is about.
    public var session: FocusSession {
        switch self {
        case .started(let session), .ended(let session), .endedByTimer(let session): session
        }
    }
}
