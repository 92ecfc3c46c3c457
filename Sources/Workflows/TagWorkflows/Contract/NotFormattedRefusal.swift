/// A refusal that can say the tag is not NDEF-formatted, with what was found instead: the finding
/// every front end starts from before it says how to format the tag (the CLI names its `format`
/// command; the phone, a computer). Each type's refusal conforms in that type's folder, so a
/// screen words this without knowing the type.
public protocol NotFormattedRefusal: Error {
    /// What shows the tag is not formatted, as a sentence without its full stop ("Block 0 holds
    /// 00 00 00 00, not a Type 5 CC (E1 or E2): …"), when this refusal is "not formatted"; `nil`
    /// for the type's other refusals.
    var notFormattedFinding: String? { get }
}
