import Foundation

/// A snapshot of a profile at one instant, for a screen or `focus status`. Computed; nothing in
/// it ticks.
public struct FocusStatus: Sendable, Equatable {
    public enum Phase: String, Sendable, Equatable {
        case idle
        case active
        case ended
    }

    public var phase: Phase
    /// The active session, or the last ended one.
    public var session: FocusSession?
    /// Elapsed time of `session` at the snapshot.
    public var elapsed: TimeInterval?
    /// Time until ending by tag is allowed (0 when allowed now); `nil` without a minimum.
    public var untilMinimum: TimeInterval?
    /// Time until the session ends by itself; `nil` without a planned end.
    public var untilPlannedEnd: TimeInterval?
    public var emergency: EmergencyBudget
    public var pairedTags: [PairedTag]
    /// What the wall clock and the monotonic clock said (`.jumped`: the figures use the time
    /// that really passed).
    public var clock: ClockCheck

    public init(
        phase: Phase, session: FocusSession?, elapsed: TimeInterval?, untilMinimum: TimeInterval?,
        untilPlannedEnd: TimeInterval?, emergency: EmergencyBudget, pairedTags: [PairedTag],
        clock: ClockCheck = .notRecorded
    ) {
        self.phase = phase
        self.session = session
        self.elapsed = elapsed
        self.untilMinimum = untilMinimum
        self.untilPlannedEnd = untilPlannedEnd
        self.emergency = emergency
        self.pairedTags = pairedTags
        self.clock = clock
    }

    /// The one-paragraph summary the CLI prints and a screen can show.
    public var sentence: String {
        switch phase {
        case .idle:
            return pairedTags.isEmpty
                ? "No focus session yet, and no tag is paired."
                : "No focus session is running. Tap your focus tag to start one."
        case .active:
            guard let session else { return "A focus session is running." }
            var text =
                "Focus session running since \(DurationText.timestamp(session.startedAt)) (\(DurationText.describe(elapsed ?? 0, rounding: .down)) so far)."
            if let untilMinimum, untilMinimum > 0 {
                text += " It can be ended by tag in \(DurationText.describe(untilMinimum))."
            }
            if let untilPlannedEnd, let plannedEnd = session.plannedEnd {
                text +=
                    " It ends by itself at \(DurationText.timestamp(plannedEnd)) (in \(DurationText.describe(untilPlannedEnd)))."
            }
            if let clockSentence = clock.sentence { text += " " + clockSentence }
            return text
        case .ended:
            guard let session, let endedAt = session.endedAt else { return "The last focus session has ended." }
            let how: String
            switch session.ending {
            case .tag?: how = "by tag"
            case .timer?: how = "by itself at its planned end"
            case .emergency?: how = "through the emergency exit"
            case nil: how = ""
            }
            return
                "The last focus session ended \(how) at \(DurationText.timestamp(endedAt)) after \(DurationText.describe(session.elapsed(at: endedAt), rounding: .down))."
        }
    }
}
