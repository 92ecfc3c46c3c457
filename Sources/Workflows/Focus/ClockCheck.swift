import Foundation

/// What comparing the wall clock with the monotonic clock said about a running session.
public enum ClockCheck: Sendable, Equatable {
    /// The session has no monotonic reference (started by an older TapCard), or none could be
    /// read now: the wall clock is all there is.
    case notRecorded
    /// The two clocks agree (within `FocusSession.clockTolerance`).
    case agrees
    /// Since the session started, the wall clock was changed by `by` seconds (positive: set
    /// ahead) against the time that really passed; the session's rules use the real time.
    case jumped(by: TimeInterval)
    /// The machine rebooted since the session started, so the monotonic clock cannot be
    /// compared; the wall clock is used.
    case differentBoot

    /// "jumped", "agrees", "different-boot", "not-recorded": the word JSON prints.
    public var kind: String {
        switch self {
        case .notRecorded: "not-recorded"
        case .agrees: "agrees"
        case .jumped: "jumped"
        case .differentBoot: "different-boot"
        }
    }

    /// Words for a status screen; `nil` when there is nothing to say.
    public var sentence: String? {
        switch self {
        case .notRecorded, .agrees:
            return nil
        case .jumped(let jump):
            let direction = jump > 0 ? "ahead" : "back"
            return
                "The system clock was set \(direction) by \(DurationText.describe(abs(jump), rounding: .down)) since this session started; the session's minimum and planned end follow the time that really passed."
        case .differentBoot:
            return
                "The computer restarted since this session started, so the time that really passed cannot be measured; the session follows the system clock."
        }
    }
}
