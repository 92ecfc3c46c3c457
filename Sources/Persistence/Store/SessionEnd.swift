import Foundation

/// How to close the open session of a profile.
public struct SessionEnd: Sendable, Equatable {
    public var at: Date
    public var reason: SessionEndReason
    /// The tag that ended it; required for `.tag`, ignored otherwise.
    public var by: TagKey?

    public init(at: Date, reason: SessionEndReason, by: TagKey? = nil) {
        self.at = at
        self.reason = reason
        self.by = by
    }
}
