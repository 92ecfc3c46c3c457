import Foundation
import TapCardSupport

/// Instants in JSON output: ISO 8601 in UTC, to the second ("2026-11-29T15:04:05Z"), or `null`.
enum ISOTime {
    static func json(_ date: Date?) -> JSON {
        date.map { .string(UTCTimestamp.iso8601($0)) } ?? .null
    }
}
