/// How a session ended.
public enum SessionEnding: Sendable, Equatable {
    /// A paired tag was tapped (the one named; with several paired tags it may differ from the
    /// tag that started the session).
    case tag(TagIdentity)
    /// The planned end arrived.
    case timer
    /// The person used one of the limited emergency exits.
    case emergency

    /// "tag", "timer", "emergency": the word stored and printed in history.
    public var kind: String {
        switch self {
        case .tag: "tag"
        case .timer: "timer"
        case .emergency: "emergency"
        }
    }
}
