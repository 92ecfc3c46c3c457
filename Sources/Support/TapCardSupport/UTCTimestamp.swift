import Foundation

/// An instant written in UTC to the second, the two ways TapCard shows time: ISO 8601 for JSON
/// and machines ("2026-11-29T15:04:05Z") and a readable form for people and logs
/// ("2026-11-29 15:04:05 UTC"). Both are the same on every machine, whatever its time zone.
///
/// The calendar is the proleptic Gregorian one with plain integer arithmetic (days since
/// 1970-01-01 to year, month, day: H. Hinnant, "chrono-Compatible Low-Level Date Algorithms",
/// `civil_from_days`), so no `Calendar` or formatter is involved. Fractions of a second are cut
/// towards the past (12:00:00.9 is 12:00:00). Instants outside years 0001–9999, which four-digit
/// ISO 8601 years cannot write, are clamped to that range; a NaN instant is written as 1970-01-01.
public enum UTCTimestamp {
    /// "2026-11-29T15:04:05Z".
    public static func iso8601(_ date: Date) -> String {
        let p = Parts(date)
        return "\(p.date)T\(p.time)Z"
    }

    /// "2026-11-29 15:04:05 UTC".
    public static func readable(_ date: Date) -> String {
        let p = Parts(date)
        return "\(p.date) \(p.time) UTC"
    }

    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z in seconds since 1970.
    static let earliest: Int64 = -62_135_596_800
    static let latest: Int64 = 253_402_300_799

    private struct Parts {
        let date: String
        let time: String

        init(_ instant: Date) {
            let interval = instant.timeIntervalSince1970
            let seconds: Int64 =
                if interval.isNaN {
                    0
                } else if interval <= Double(UTCTimestamp.earliest) {
                    UTCTimestamp.earliest
                } else if interval >= Double(UTCTimestamp.latest) {
                    UTCTimestamp.latest
                } else {
                    Int64(interval.rounded(.down))
                }
            let days = Self.floorDivide(seconds, 86_400)
            let secondOfDay = seconds - days * 86_400
            // civil_from_days: eras of 400 years (146 097 days) starting on 0000-03-01.
            let z = days + 719_468
            let era = Self.floorDivide(z, 146_097)
            let dayOfEra = z - era * 146_097
            let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let shiftedMonth = (5 * dayOfYear + 2) / 153
            let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
            let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
            let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
            date = "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
            time =
                "\(Self.pad(secondOfDay / 3_600, 2)):\(Self.pad(secondOfDay % 3_600 / 60, 2)):\(Self.pad(secondOfDay % 60, 2))"
        }

        private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
            let quotient = a / b
            return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
        }

        private static func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }
}
