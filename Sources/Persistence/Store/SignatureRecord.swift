/// The originality-signature result stored with a tag (the same words the focus layer uses).
public enum SignatureRecord: String, Sendable, Equatable, CaseIterable {
    case valid
    case invalid
    case unsupported
    case notChecked = "not-checked"
}
