import Foundation

/// How many emergency exits remain right now, and when the next one frees up if none do.
public struct EmergencyBudget: Sendable, Equatable {
    public var allowance: Int
    public var period: TimeInterval
    /// Uses inside the current rolling window.
    public var used: Int
    public var remaining: Int
    /// When `remaining` is 0: the moment one use leaves the window. `nil` when exits remain or
    /// when emergency exits are turned off.
    public var nextAvailableAt: Date?

    public init(allowance: Int, period: TimeInterval, used: Int, remaining: Int, nextAvailableAt: Date?) {
        self.allowance = allowance
        self.period = period
        self.used = used
        self.remaining = remaining
        self.nextAvailableAt = nextAvailableAt
    }

    /// "2 of 3 emergency exits left in any 28 days."
    public var sentence: String {
        if allowance == 0 { return "Emergency exits are turned off for this profile." }
        let window = DurationText.describe(period)
        var text = "\(remaining) of \(allowance) emergency exits left in any \(window)."
        if let nextAvailableAt {
            text += " The next one becomes available at \(DurationText.timestamp(nextAvailableAt))."
        }
        return text
    }
}
