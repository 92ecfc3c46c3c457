/// Step `failedIndex` of a plan was not acknowledged (every earlier one was), and why.
public struct StepFailure<Step: Sendable, Cause: Error & Sendable>: Error, Sendable {
    public var failedIndex: Int
    public var step: Step
    public var cause: Cause

    public init(failedIndex: Int, step: Step, cause: Cause) {
        self.failedIndex = failedIndex
        self.step = step
        self.cause = cause
    }
}
