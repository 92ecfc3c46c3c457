import Foundation

/// The time rules one session starts with. Fixed at the start, so that changing the profile
/// mid-session cannot shorten a running session.
public struct SessionPlan: Sendable, Equatable {
    public var minimumDuration: TimeInterval?
    public var plannedDuration: TimeInterval?

    public init(minimumDuration: TimeInterval? = nil, plannedDuration: TimeInterval? = nil) {
        self.minimumDuration = minimumDuration
        self.plannedDuration = plannedDuration
    }

    /// Refuses a plan that cannot be kept: a negative duration, or a minimum longer than the
    /// planned length (the session would end by itself before it may be ended).
    public func validated() throws(FocusRefusal) -> SessionPlan {
        if let minimumDuration, minimumDuration < 0 || !minimumDuration.isFinite {
            throw .invalidPlan(minimum: minimumDuration, planned: plannedDuration)
        }
        if let plannedDuration, plannedDuration <= 0 || !plannedDuration.isFinite {
            throw .invalidPlan(minimum: minimumDuration, planned: plannedDuration)
        }
        if let minimumDuration, let plannedDuration, minimumDuration > plannedDuration {
            throw .invalidPlan(minimum: minimumDuration, planned: plannedDuration)
        }
        return self
    }
}
