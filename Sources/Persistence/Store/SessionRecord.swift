import Foundation

/// A stored focus session. An open session has no end, reason or ending tag.
public struct SessionRecord: Sendable, Equatable {
    public var id: Int64
    public var profile: String
    public var startedBy: TagKey
    public var startedAt: Date
    public var minimumEnd: Date?
    public var plannedEnd: Date?
    public var endedAt: Date?
    public var endReason: SessionEndReason?
    /// The paired tag that ended it (only for `.tag`).
    public var endedBy: TagKey?
    /// The emergency rules the session started with; `nil` in rows older than schema 4.
    public var emergencyAllowance: Int?
    public var emergencyPeriod: TimeInterval?
    /// The monotonic reference at the start; `nil` when none was read (or before schema 4).
    public var bootID: String?
    public var sinceBoot: TimeInterval?

    public init(
        id: Int64, profile: String, startedBy: TagKey, startedAt: Date, minimumEnd: Date?, plannedEnd: Date?,
        endedAt: Date?, endReason: SessionEndReason?, endedBy: TagKey?, emergencyAllowance: Int? = nil,
        emergencyPeriod: TimeInterval? = nil, bootID: String? = nil, sinceBoot: TimeInterval? = nil
    ) {
        self.id = id
        self.profile = profile
        self.startedBy = startedBy
        self.startedAt = startedAt
        self.minimumEnd = minimumEnd
        self.plannedEnd = plannedEnd
        self.endedAt = endedAt
        self.endReason = endReason
        self.endedBy = endedBy
        self.emergencyAllowance = emergencyAllowance
        self.emergencyPeriod = emergencyPeriod
        self.bootID = bootID
        self.sinceBoot = sinceBoot
    }
}
