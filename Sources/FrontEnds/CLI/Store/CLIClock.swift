import CommandLineKit
import Focus
import FocusSessions
import Foundation

/// The instant a command acts at, and the monotonic clock focus sessions are judged by.
///
/// Test builds (the `TAPCARD_TEST_CLOCK` compilation condition, defined for debug builds in
/// Package.swift) read `TAPCARD_TEST_NOW` (seconds since 1970) to run time-dependent scenarios
/// without waiting, and `TAPCARD_TEST_MONOTONIC` (`BOOT-ID:SECONDS`) to stage the monotonic clock
/// with it. A release build has no such code: the variables are ignored there, so nobody can end
/// a focus session early by setting one.
enum CLIClock {
    static func now(_ io: some CommandIO) -> Date {
        #if TAPCARD_TEST_CLOCK
            if let text = io.environment["TAPCARD_TEST_NOW"], let seconds = Double(text), seconds.isFinite {
                return Date(timeIntervalSince1970: seconds)
            }
        #endif
        return Date()
    }

    /// The system's monotonic clock; in a test build with `TAPCARD_TEST_NOW` set, the staged
    /// `TAPCARD_TEST_MONOTONIC` reading, or none (a fake wall clock against the real monotonic
    /// one would look like a clock change).
    static func monotonic(_ io: some CommandIO) -> (any MonotonicClock)? {
        #if TAPCARD_TEST_CLOCK
            if io.environment["TAPCARD_TEST_NOW"] != nil {
                guard let text = io.environment["TAPCARD_TEST_MONOTONIC"], let colon = text.lastIndex(of: ":"),
                    let seconds = Double(text[text.index(after: colon)...])
                else { return nil }
                return StagedMonotonicClock(
                    reading: MonotonicReading(bootID: String(text[..<colon]), sinceBoot: seconds))
            }
        #endif
        return SystemMonotonicClock()
    }
}
