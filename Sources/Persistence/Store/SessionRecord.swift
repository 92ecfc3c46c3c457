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

    public init(
        id: Int64, profile: String, startedBy: TagKey, startedAt: Date, minimumEnd: Date?, plannedEnd: Date?,
        endedAt: Date?, endReason: SessionEndReason?, endedBy: TagKey?
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
    }
}
