/// Where a focus session reads its monotonic reference. The system's lives in `FocusSessions`;
/// tests inject their own, so a clock jump can be staged without touching the machine's clock.
public protocol MonotonicClock: Sendable {
    /// The current reading, or `nil` when the platform offers none.
    func reading() -> MonotonicReading?
}
