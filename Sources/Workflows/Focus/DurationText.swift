import Foundation
import TapCardSupport

/// Durations and instants in the words the focus screens use.
public enum DurationText {
    /// "28 days", "1 h 5 min", "12 min 30 s", "45 s". Time that remains is rounded up (a refusal
    /// never says "0 s remain" while time does remain); time elapsed is rounded down.
    public static func describe(_ interval: TimeInterval, rounding: FloatingPointRoundingRule = .up) -> String {
        guard interval.isFinite else { return "forever" }
        let total = Int(max(0, min(interval, 1e12).rounded(rounding)))
        let days = total / 86_400
        let hours = (total % 86_400) / 3_600
        let minutes = (total % 3_600) / 60
        let seconds = total % 60
        var parts: [String] = []
        if days > 0 { parts.append(days == 1 ? "1 day" : "\(days) days") }
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 { parts.append("\(minutes) min") }
        if seconds > 0 && days == 0 { parts.append("\(seconds) s") }
        return parts.isEmpty ? "0 s" : parts.joined(separator: " ")
    }

    /// "2026-11-29 15:42:07 UTC": unambiguous on every machine and in logs (`UTCTimestamp`'s
    /// readable form, the one the rest of TapCard prints).
    public static func timestamp(_ date: Date) -> String {
        UTCTimestamp.readable(date)
    }

    /// Parses "90s", "25m", "1h30m", "2d", "45" (minutes when there is no unit). `nil` when
    /// the text is not a duration.
    public static func parse(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty else { return nil }
        if let minutes = Int(trimmed), minutes >= 0 { return TimeInterval(minutes) * 60 }
        var total: TimeInterval = 0
        var number = ""
        var sawUnit = false
        for character in trimmed {
            if character.isASCII && character.isNumber {
                number.append(character)
                guard number.count <= 9 else { return nil }
                continue
            }
            guard let value = Int(number) else { return nil }
            switch character {
            case "s": total += TimeInterval(value)
            case "m": total += TimeInterval(value) * 60
            case "h": total += TimeInterval(value) * 3_600
            case "d": total += TimeInterval(value) * 86_400
            default: return nil
            }
            number = ""
            sawUnit = true
        }
        guard number.isEmpty, sawUnit else { return nil }
        return total
    }
}
