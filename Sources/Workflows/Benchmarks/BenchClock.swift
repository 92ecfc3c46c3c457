import TapCardSupport

/// Wall-clock measurement for the benchmark (the only place in TapCard that reads a clock for
/// figures). Throughput loops repeat whole passes over a corpus until a minimum time has passed,
/// so short operations are not dominated by the clock's own cost.
enum BenchClock {
    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// Runs `pass` until `minimumSeconds` have passed (at least once); returns the number of
    /// passes and the seconds they took.
    static func repeatPasses(minimumSeconds: Double, _ pass: () -> Void) -> (passes: Int, seconds: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        var passes = 0
        var elapsed = 0.0
        repeat {
            pass()
            passes += 1
            elapsed = seconds(clock.now - start)
        } while elapsed < minimumSeconds
        return (passes, elapsed)
    }
}

/// A throughput figure: items and bytes over a measured time.
struct Throughput {
    var items: Int
    var bytes: Int
    var seconds: Double

    var itemsPerSecond: Double { seconds > 0 ? Double(items) / seconds : 0 }
    var megabytesPerSecond: Double { seconds > 0 ? Double(bytes) / 1e6 / seconds : 0 }

    var json: JSON {
        .object([
            ("per_second", .double(itemsPerSecond.rounded())),
            ("megabytes_per_second", .double((megabytesPerSecond * 100).rounded() / 100)),
            ("items", .int(items)), ("bytes", .int(bytes)),
            ("seconds", .double((seconds * 1000).rounded() / 1000)),
        ])
    }
}
