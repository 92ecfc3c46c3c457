import Foundation

/// Instants and durations as the store keeps them: whole milliseconds (UTC since 1970).
enum StoreTime {
    static func encode(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded())
    }

    static func decode(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }

    static func encode(duration: TimeInterval) -> Int64 {
        Int64((duration * 1_000).rounded())
    }

    static func value(_ date: Date?) -> SQLiteValue {
        date.map { .integer(encode($0)) } ?? .null
    }

    static func value(duration: TimeInterval?) -> SQLiteValue {
        duration.map { .integer(encode(duration: $0)) } ?? .null
    }

    static func date(_ value: SQLiteValue) -> Date? {
        value.integer.map(decode)
    }

    static func duration(_ value: SQLiteValue) -> TimeInterval? {
        value.integer.map { Double($0) / 1_000 }
    }
}
