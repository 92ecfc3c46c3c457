/// What asking for the emergency exit did.
public enum EmergencyOutcome: Sendable, Equatable {
    /// The session ended through the emergency exit; `budget` is what is left afterwards.
    case ended(FocusSession, budget: EmergencyBudget)
    /// The session had already ended by itself at its planned end; no exit was used.
    case endedByTimer(FocusSession)
}
