import NDEF

/// The one write skeleton every tag type runs: identify → preflight → read → plan (the type's
/// `prepare`, which throws its refusals before any write command) → diff (nothing is written
/// when the tag already holds these bytes) → commit (``WriteEngine``) → interruption (one rule,
/// ``Interruption``, from the steps' ``CommitRole``s) → verify (the type's read-back, judged by
/// ``MessageVerification``) → report.
///
/// A type supplies its area and plan (`Prepared`), how a step is sent, whether a failure may have
/// landed, how its interruption is worded, and how the message is read back. The promises are
/// kept here once: a write whose commit step was acknowledged is never reported lost — a read-back
/// that fails after it is ``TagWriteError/readBackInterrupted(completed:cause:)``, whose tag holds
/// the new message.
public enum NDEFWrite {
    /// What a type's preflight produced: what the tag held, the steps in order with their roles.
    public struct Prepared<Step: Sendable>: Sendable {
        public var previous: NDEFContent
        public var steps: [Step]
        public var roles: [CommitRole]
        /// True when the tag already holds exactly the bytes to write: nothing is sent.
        public var alreadyOnTag: Bool

        public init(previous: NDEFContent, steps: [Step], roles: [CommitRole], alreadyOnTag: Bool) {
            self.previous = previous
            self.steps = alreadyOnTag ? [] : steps
            self.roles = alreadyOnTag ? [] : roles
            self.alreadyOnTag = alreadyOnTag
        }
    }

    /// What a read-back found: the content as decoded and what the read covered.
    public struct ReadBack: Sendable {
        public var content: NDEFContent
        public var scope: WriteVerification.Scope

        public init(content: NDEFContent, scope: WriteVerification.Scope) {
            self.content = content
            self.scope = scope
        }
    }

    /// What the commit and the verification did.
    public struct Outcome<Step: Sendable>: Sendable {
        public var steps: [Step]
        public var verification: WriteVerification
        public var writeStatistics: CommandStatistics
        public var verifyStatistics: CommandStatistics
    }

    /// Commits `prepared` and verifies it. `takeStatistics` hands over (and resets) the driver's
    /// command count: once after the commit, once after the read-back.
    public static func run<Step: Sendable, Failure: Error & Sendable>(
        _ prepared: Prepared<Step>, bytes: [UInt8], expected: NDEFMessage, verify: Bool,
        send: (Step) async throws(Failure) -> Void,
        mayHaveLanded: (Failure) -> Bool,
        interrupted: (StepFailure<Step, Failure>, TagStateAfterWrite) -> TagWriteError,
        takeStatistics: () -> CommandStatistics,
        readBack: () async throws -> ReadBack
    ) async throws -> Outcome<Step> {
        let steps = prepared.steps
        do throws(StepFailure<Step, Failure>) {
            try await WriteEngine.commit(steps, send: send)
        } catch {
            let state = Interruption.state(
                roles: prepared.roles, failedIndex: error.failedIndex, mayHaveLanded: mayHaveLanded(error.cause),
                oldWasEmpty: prepared.previous == .empty)
            throw interrupted(error, state)
        }
        let writeStatistics = takeStatistics()
        var verification = WriteVerification.none
        if verify {
            if prepared.alreadyOnTag || steps.isEmpty {
                // Nothing was written: what the preflight read is what the tag holds, judged by
                // the same rule (a record a reader calls malformed is never verified).
                try MessageVerification.check(
                    readBytes: prepared.previous.bytes, message: prepared.previous.message, expectedBytes: bytes,
                    expected: expected)
                verification = .alreadyOnTag
            } else {
                let read: ReadBack
                do {
                    read = try await readBack()
                } catch {
                    // Every step was acknowledged, the commit included: the write is done, only
                    // its check was interrupted.
                    throw TagWriteError.readBackInterrupted(completed: steps.count, cause: ReadBackCause(error))
                }
                let match = try MessageVerification.check(
                    readBytes: read.content.bytes, message: read.content.message, expectedBytes: bytes,
                    expected: expected)
                verification = .readBack(read.scope, match: match)
            }
        }
        return Outcome(
            steps: steps, verification: verification, writeStatistics: writeStatistics,
            verifyStatistics: takeStatistics())
    }
}
