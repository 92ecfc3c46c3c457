/// How a stored session ended.
public enum SessionEndReason: String, Sendable, Equatable, CaseIterable {
    case tag
    case timer
    case emergency
}
