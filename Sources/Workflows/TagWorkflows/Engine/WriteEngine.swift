/// The commit loop every tag type runs: the plan's steps in order, stopping at the first one that
/// is not acknowledged, with its index, so ``Interruption`` can say what the tag now holds.
public enum WriteEngine {
    /// Sends `steps` in order through `send`; the first failure ends the loop. `landed` runs after
    /// each acknowledged step (a driver keeps its picture of the memory in step with the tag).
    public static func commit<Step: Sendable, Cause: Error & Sendable>(
        _ steps: [Step], send: (Step) async throws(Cause) -> Void, landed: (Step) -> Void = { _ in }
    ) async throws(StepFailure<Step, Cause>) {
        for (index, step) in steps.enumerated() {
            do throws(Cause) {
                try await send(step)
            } catch {
                throw StepFailure(failedIndex: index, step: step, cause: error)
            }
            landed(step)
        }
    }
}
