import Foundation

/// How many emergency exits a profile allows in a rolling period.
///
/// The default, 3 per 28 days, is what Foqos settled on after users locked themselves out with
/// lost tags: enough for a real emergency, too few to become the normal way out.
public struct EmergencyPolicy: Sendable, Equatable {
    /// Exits allowed within any window of `period` (0 turns emergency exits off).
    public var allowance: Int
    /// The length of the rolling window, in seconds.
    public var period: TimeInterval

    public init(allowance: Int = 3, period: TimeInterval = 28 * 86_400) {
        self.allowance = max(0, allowance)
        self.period = max(0, period)
    }

    public static let standard = EmergencyPolicy()

    /// The budget at `now`, given every past use (in any order).
    public func budget(uses: [Date], at now: Date) -> EmergencyBudget {
        // A use counts while it is younger than the period; uses "in the future" (a clock set
        // back) count too, so moving the clock back never grants extra exits.
        let counting = uses.filter { now.timeIntervalSince($0) < period }.sorted()
        let remaining = max(0, allowance - counting.count)
        var nextAvailable: Date? = nil
        if remaining == 0 && allowance > 0 {
            // One more exit frees up when the oldest use beyond the allowance leaves the window.
            let index = counting.count - allowance
            nextAvailable = counting[index].addingTimeInterval(period)
        }
        return EmergencyBudget(
            allowance: allowance, period: period, used: counting.count, remaining: remaining,
            nextAvailableAt: nextAvailable)
    }
}
