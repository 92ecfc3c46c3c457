/// Where a one-tap action stands, for a screen that renders it.
public enum ActionState<Outcome: Equatable & Sendable>: Equatable, Sendable {
    /// Nothing happening (also after the user cancelled the sheet: no error for that).
    case idle
    /// The NFC sheet is up.
    case working
    case done(Outcome)
    /// The action failed; the sentence says why and what to do.
    case failed(String)

    public var isWorking: Bool { self == .working }

    public var outcome: Outcome? {
        if case .done(let outcome) = self { return outcome }
        return nil
    }

    public var failure: String? {
        if case .failed(let sentence) = self { return sentence }
        return nil
    }
}
