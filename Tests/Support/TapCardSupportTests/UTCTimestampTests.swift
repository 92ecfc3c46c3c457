import Foundation
import TapCardSupport
import TestSupport
import Testing

@Suite("UTCTimestamp")
struct UTCTimestampTests {
    @Test("Known instants, in both forms")
    func knownAnswers() {
        // Seconds since 1970 → UTC, each checked by hand: 1_800_000_000 s = 20 833 days
        // (2027-01-15) + 28 800 s (08:00:00).
        let cases: [(Double, String)] = [
            (0, "1970-01-01T00:00:00Z"),
            (1_800_000_000, "2027-01-15T08:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),  // a leap day in a year divisible by 400
            (946_684_799, "1999-12-31T23:59:59Z"),
            (1_709_251_199, "2024-02-29T23:59:59Z"),
            (-1, "1969-12-31T23:59:59Z"),
            (-86_400 * 365, "1969-01-01T00:00:00Z"),
            (4_107_542_400, "2100-03-01T00:00:00Z"),  // 2100 is not a leap year: Feb 28 → Mar 1
        ]
        for (seconds, iso) in cases {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(UTCTimestamp.iso8601(date) == iso)
            let readable = iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
            #expect(UTCTimestamp.readable(date) == readable)
        }
    }

    @Test("Fractions of a second are cut towards the past, also before 1970")
    func fractions() {
        #expect(UTCTimestamp.iso8601(Date(timeIntervalSince1970: 59.999)) == "1970-01-01T00:00:59Z")
        #expect(UTCTimestamp.iso8601(Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59Z")
    }

    @Test("Instants no four-digit year can write are clamped, never a trap")
    func extremes() {
        #expect(UTCTimestamp.iso8601(.distantPast) == "0001-01-01T00:00:00Z")
        #expect(UTCTimestamp.iso8601(Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(UTCTimestamp.iso8601(Date(timeIntervalSince1970: -.infinity)) == "0001-01-01T00:00:00Z")
        #expect(UTCTimestamp.iso8601(Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00Z")
        #expect(UTCTimestamp.readable(Date(timeIntervalSince1970: 253_402_300_799)) == "9999-12-31 23:59:59 UTC")
    }

    @Test("Agrees with Foundation's Gregorian calendar on 5 000 random instants from year 1 to 9999")
    func agreesWithFoundationCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        var generator = SplitMix64(seed: 0x5EED_7157)
        for _ in 0..<5_000 {
            // Foundation's Gregorian calendar switches to Julian before 1582-10-15; compare from 1583.
            let seconds = Double(Int64.random(in: -12_212_553_600...253_402_300_799, using: &generator))
            let date = Date(timeIntervalSince1970: seconds)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(
                format: "%04ld-%02ld-%02ldT%02ld:%02ld:%02ldZ", c.year ?? -1, c.month ?? -1, c.day ?? -1, c.hour ?? -1,
                c.minute ?? -1, c.second ?? -1)
            #expect(UTCTimestamp.iso8601(date) == expected, "at \(seconds) s")
        }
    }
}
