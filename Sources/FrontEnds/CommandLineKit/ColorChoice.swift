/// `--color WHEN`.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}
