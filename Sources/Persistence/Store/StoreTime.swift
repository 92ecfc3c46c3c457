import Foundation

/// Instants and durations as the store keeps them: whole milliseconds (UTC since 1970).
///
/// Every conversion is total: an instant or a duration too large for 64-bit milliseconds (about
/// ±292 million years) is clamped to the nearest representable value, and NaN is stored as 0,
/// so no clock value, however absurd (`TAPCARD_TEST_NOW=1e18`), can trap the process.
enum StoreTime {
    /// `Int64(exactly:)`'s range as doubles: `Double(Int64.max)` rounds up to 2^63, which no
    /// longer fits, so the upper bound is the largest double below it.
    static let largest = Double(Int64.max).nextDown
    static let smallest = Double(Int64.min)

    static func encode(_ date: Date) -> Int64 {
        milliseconds(date.timeIntervalSince1970)
    }

    static func decode(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }

    static func encode(duration: TimeInterval) -> Int64 {
        milliseconds(duration)
    }

    /// `seconds` in whole milliseconds, clamped to `Int64` (NaN: 0).
    static func milliseconds(_ seconds: Double) -> Int64 {
        let value = (seconds * 1_000).rounded()
        guard !value.isNaN else { return 0 }
        return Int64(min(max(value, smallest), largest))
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
