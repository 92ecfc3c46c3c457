import Foundation

/// The instant a command acts at. Tests set `TAPCARD_TEST_NOW` (seconds since 1970) to run
/// time-dependent scenarios (minimum durations, planned ends) without waiting; it is no more of
/// a bypass than setting the system clock, which the focus rules cannot prevent either.
enum CLIClock {
    static func now(_ io: some CommandIO) -> Date {
        if let text = io.environment["TAPCARD_TEST_NOW"], let seconds = Double(text), seconds.isFinite {
            return Date(timeIntervalSince1970: seconds)
        }
        return Date()
    }
}
