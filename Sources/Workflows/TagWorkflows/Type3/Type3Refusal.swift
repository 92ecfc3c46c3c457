import TagCatalog
import TapCardSupport

/// Why TapCard will not write, format or lock this Type 3 card. Decided from what was read
/// (polling, block 0, MC) before any Update is sent: the card is untouched. The refusals the
/// plans make themselves (read-only, too big, read-only blocks) are ``/Type3/Type3PlanError``.
public enum Type3Refusal: TapCardError, Equatable {
    /// The card is not NDEF-formatted (`reason` says how TapCard knows).
    case notFormatted(reason: String)
    /// `format` on a card that is NDEF-formatted already (its attribute block reports
    /// `capacity` bytes): formatting would only lose the message.
    case alreadyFormatted(capacity: Int)
    /// Formatting and locking write the FeliCa Lite-S MC block; this chip is not one TapCard has
    /// a procedure for.
    case noProcedure(operation: String, model: TagModel?)
    /// Locking is irreversible and needs explicit confirmation.
    case confirmationRequired

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .notFormatted(let reason):
            return "The card is not NDEF-formatted: \(reason). Format it first: `tapcard format`. Nothing was written."
        case .alreadyFormatted(let capacity):
            return
                "The card is NDEF-formatted already (its attribute block reports \(capacity) bytes); formatting again would only lose its message. To empty it, run `tapcard erase`. Nothing was written."
        case .noProcedure(let operation, let model):
            let name = model?.withArticle ?? "this FeliCa card"
            return
                "TapCard cannot \(operation) \(name): its procedure writes the FeliCa Lite-S memory configuration block (MC, 88h), and this chip is not a Lite-S. Nothing was written."
        case .confirmationRequired:
            return
                "Locking is permanent: give --yes-lock-permanently to confirm (the MC block's MC_ALL 00 can never be undone). Nothing was sent."
        }
    }
}
