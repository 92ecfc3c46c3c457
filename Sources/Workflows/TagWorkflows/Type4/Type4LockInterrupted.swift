import TapCardSupport

/// An NTAG 424 DNA lock that started and did not finish: which steps landed. Every step can be
/// sent again, and the same lock command, run again, completes it (the key that changes the files'
/// settings is still key 0 until the step that sets it to "never" lands).
public struct Type4LockInterrupted: TapCardError, Equatable {
    /// The steps that were acknowledged, in order.
    public var completed: [Type4LockReport.Step]
    /// The step that was not.
    public var failed: Type4LockReport.Step
    public var cause: Type4Failure

    public var origin: ErrorOrigin { cause.origin }

    public var sentence: String {
        let done =
            completed.isEmpty ? "no step had landed" : "\(completed.map(\.rawValue).joined(separator: ", ")) had landed"
        return
            "The lock stopped at \(failed.rawValue): \(cause.sentence) Before it \(done). The tag may be partly locked; run the same lock command again to finish it."
    }
}
