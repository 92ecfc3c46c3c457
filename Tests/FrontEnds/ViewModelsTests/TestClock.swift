import Foundation

/// A clock the tests move by hand.
@MainActor
final class TestClock {
    var now = Date(timeIntervalSince1970: 1_800_000_000)

    func advance(minutes: Double) { now = now.addingTimeInterval(minutes * 60) }

    var function: () -> Date { { [unowned self] in MainActor.assumeIsolated { self.now } } }
}
