import Foundation

/// One focus session, as timestamps. Elapsed time is always computed from these, never counted
/// by a running timer, so a killed process or a reboot loses nothing.
public struct FocusSession: Sendable, Equatable {
    public var startedAt: Date
    /// The paired tag whose tap started the session.
    public var startedBy: TagIdentity
    /// Ending by tag before this instant is refused.
    public var minimumEnd: Date?
    /// The session ends by itself at this instant.
    public var plannedEnd: Date?
    public var endedAt: Date?
    public var ending: SessionEnding?

    public init(
        startedAt: Date, startedBy: TagIdentity, minimumEnd: Date? = nil, plannedEnd: Date? = nil,
        endedAt: Date? = nil, ending: SessionEnding? = nil
    ) {
        self.startedAt = startedAt
        self.startedBy = startedBy
        self.minimumEnd = minimumEnd
        self.plannedEnd = plannedEnd
        self.endedAt = endedAt
        self.ending = ending
    }

    public var isActive: Bool { endedAt == nil }

    /// Time focused up to `now` (or up to the end). Never negative, even if the clock was set
    /// back after the start.
    public func elapsed(at now: Date) -> TimeInterval {
        max(0, (endedAt ?? now).timeIntervalSince(startedAt))
    }

    /// True when the planned end has passed at `now` and the session has not yet been closed.
    public func isDue(at now: Date) -> Bool {
        guard isActive, let plannedEnd else { return false }
        return now >= plannedEnd
    }
}
