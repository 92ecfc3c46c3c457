import Focus

/// A monotonic clock that always reads the same value: what a test build's
/// `TAPCARD_TEST_MONOTONIC` stages for one command.
struct StagedMonotonicClock: MonotonicClock {
    let staged: MonotonicReading

    init(reading: MonotonicReading) { staged = reading }

    func reading() -> MonotonicReading? { staged }
}
