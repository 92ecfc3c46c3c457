import Foundation

/// What to record when a session starts: its rules, copied from the profile, and the monotonic
/// reference taken at the start.
public struct SessionStart: Sendable, Equatable {
    public var profile: String
    public var tag: TagKey
    public var at: Date
    public var minimumEnd: Date?
    public var plannedEnd: Date?
    public var emergencyAllowance: Int?
    public var emergencyPeriod: TimeInterval?
    public var bootID: String?
    /// Seconds since that boot at the start.
    public var sinceBoot: TimeInterval?

    public init(
        profile: String, tag: TagKey, at: Date, minimumEnd: Date? = nil, plannedEnd: Date? = nil,
        emergencyAllowance: Int? = nil, emergencyPeriod: TimeInterval? = nil, bootID: String? = nil,
        sinceBoot: TimeInterval? = nil
    ) {
        self.profile = profile
        self.tag = tag
        self.at = at
        self.minimumEnd = minimumEnd
        self.plannedEnd = plannedEnd
        self.emergencyAllowance = emergencyAllowance
        self.emergencyPeriod = emergencyPeriod
        self.bootID = bootID
        self.sinceBoot = sinceBoot
    }
}
