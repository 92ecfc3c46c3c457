import TapCardSupport
import Type3

/// A Type 3 format or lock that started and did not finish: which labelled Updates landed
/// (``/Type3/Type3ConfigurationWrite/Step``), which one was not acknowledged, and whether that one
/// may have landed anyway.
public struct Type3ConfigurationInterrupted: TapCardError, Equatable {
    public enum Operation: String, Sendable, Equatable {
        case format
        case lock
    }

    public var operation: Operation
    /// The steps that were acknowledged, in order.
    public var completed: [Type3ConfigurationWrite.Step]
    /// The step that was not.
    public var failed: Type3ConfigurationWrite.Step
    public var cause: Type3Failure

    public init(
        operation: Operation, completed: [Type3ConfigurationWrite.Step], failed: Type3ConfigurationWrite.Step,
        cause: Type3Failure
    ) {
        self.operation = operation
        self.completed = completed
        self.failed = failed
        self.cause = cause
    }

    public var origin: ErrorOrigin { cause.origin }

    /// "lock-memory (permanent)", "read-only-flag".
    static func name(_ step: Type3ConfigurationWrite.Step) -> String {
        step == .lockMemory ? "\(step.rawValue) (permanent)" : step.rawValue
    }

    public var sentence: String {
        let done =
            completed.isEmpty
            ? "no step had landed" : "\(completed.map(Self.name).joined(separator: ", ")) had landed"
        let landed =
            cause.mayHaveLanded
            ? "it may have landed (nobody knows)" : "the card refused it, so it did not land"
        var text =
            "The \(operation.rawValue) stopped at \(Self.name(failed)): \(cause.sentence) Before it \(done); as for \(failed.rawValue), \(landed)."
        switch operation {
        case .format:
            text += " Run the same format command again to finish it."
        case .lock:
            text +=
                failed == .lockMemory && cause.mayHaveLanded
                ? " The card may now be locked for good; run the same lock command again: it finishes the lock or reports it complete."
                : " The card may be read-only by its RW flag only (reversible); run the same lock command again to finish it."
        }
        return text
    }
}
