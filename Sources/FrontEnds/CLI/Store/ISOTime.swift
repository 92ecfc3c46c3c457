import Foundation

/// Instants in JSON output: ISO 8601 in UTC, to the second ("2026-11-29T15:04:05Z").
enum ISOTime {
    static func string(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let v = value ?? 0
            return v < 10 ? "0\(v)" : "\(v)"
        }
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
    }

    static func json(_ date: Date?) -> JSON {
        date.map { .string(string($0)) } ?? .null
    }
}
