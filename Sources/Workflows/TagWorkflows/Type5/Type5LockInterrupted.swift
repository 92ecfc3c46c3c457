import TapCardSupport
import Type5

/// A Type 5 lock that started and did not finish: which steps landed. Every step can be sent
/// again (a block the tag reports locked is skipped; error 11, "already locked", counts as done),
/// so the same lock command, run again, completes it.
public struct Type5LockInterrupted: TapCardError, Equatable {
    /// The steps that were acknowledged, in order.
    public var completed: [Type5LockStep]
    /// The step that was not.
    public var failed: Type5LockStep
    public var total: Int
    public var cause: Type5Failure

    public var origin: ErrorOrigin { cause.origin }

    public var sentence: String {
        let done =
            completed.isEmpty
            ? "no step had landed" : "\(completed.map(\.label).joined(separator: ", ")) had landed"
        let maybe = cause.mayHaveLanded ? " (it may have landed)" : ""
        return
            "The lock stopped at step \(completed.count + 1) of \(total), \(failed.label)\(maybe): \(cause.sentence) Before it \(done). The tag may be partly locked; run the same lock command again to finish it."
    }
}
