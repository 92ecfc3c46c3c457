import Foundation

/// What to record when a session starts.
public struct SessionStart: Sendable, Equatable {
    public var profile: String
    public var tag: TagKey
    public var at: Date
    public var minimumEnd: Date?
    public var plannedEnd: Date?

    public init(profile: String, tag: TagKey, at: Date, minimumEnd: Date? = nil, plannedEnd: Date? = nil) {
        self.profile = profile
        self.tag = tag
        self.at = at
        self.minimumEnd = minimumEnd
        self.plannedEnd = plannedEnd
    }
}
