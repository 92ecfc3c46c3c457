import Foundation

/// One focus session, as timestamps. Elapsed time is always computed from these, never counted
/// by a running timer, so a killed process or a reboot loses nothing.
///
/// Every rule the session is judged by is copied into it at its start (minimum end, planned
/// end, emergency policy), so changing the profile mid-session changes nothing for it.
public struct FocusSession: Sendable, Equatable {
    /// How far the wall clock may drift from the monotonic clock before it counts as changed
    /// (NTP corrections are well under this).
    public static let clockTolerance: TimeInterval = 5

    public var startedAt: Date
    /// The paired tag whose tap started the session.
    public var startedBy: TagIdentity
    /// Ending by tag before this instant is refused.
    public var minimumEnd: Date?
    /// The session ends by itself at this instant.
    public var plannedEnd: Date?
    public var endedAt: Date?
    public var ending: SessionEnding?
    /// The emergency policy the session started with; `nil` for a session recorded before
    /// sessions kept their own (the profile's applies).
    public var emergency: EmergencyPolicy?
    /// The monotonic clock at the start; `nil` when none was read.
    public var monotonicStart: MonotonicReading?

    public init(
        startedAt: Date, startedBy: TagIdentity, minimumEnd: Date? = nil, plannedEnd: Date? = nil,
        endedAt: Date? = nil, ending: SessionEnding? = nil, emergency: EmergencyPolicy? = nil,
        monotonicStart: MonotonicReading? = nil
    ) {
        self.startedAt = startedAt
        self.startedBy = startedBy
        self.minimumEnd = minimumEnd
        self.plannedEnd = plannedEnd
        self.endedAt = endedAt
        self.ending = ending
        self.emergency = emergency
        self.monotonicStart = monotonicStart
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

    /// The instant this session's rules are judged at, given the wall clock and the monotonic
    /// clock now. Within the boot the session started in, the monotonic clock measures the time
    /// that really passed: when the wall clock disagrees by more than `clockTolerance`, it was
    /// changed, and the start plus the real elapsed time is used instead. Across a reboot, or
    /// without a reference, the wall clock is all there is.
    public func judgedTime(wall: Date, monotonic: MonotonicReading?) -> (now: Date, check: ClockCheck) {
        guard let start = monotonicStart, let monotonic else { return (wall, .notRecorded) }
        guard start.bootID == monotonic.bootID else { return (wall, .differentBoot) }
        let trusted = startedAt.addingTimeInterval(max(0, monotonic.sinceBoot - start.sinceBoot))
        let jump = wall.timeIntervalSince(trusted)
        guard jump.isFinite, abs(jump) > Self.clockTolerance else { return (wall, .agrees) }
        return (trusted, .jumped(by: jump))
    }
}
