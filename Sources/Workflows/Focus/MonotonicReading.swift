import Foundation

/// One reading of the clock that only moves forward while the machine runs: which boot it
/// belongs to and how long the machine has run since that boot (suspended time included).
///
/// Setting the wall clock does not move it, so two readings of the same boot measure the time
/// that really passed between them. Readings of different boots cannot be compared.
public struct MonotonicReading: Sendable, Equatable {
    /// Names the boot (`/proc/sys/kernel/random/boot_id` on Linux, `kern.bootsessionuuid` on Apple platforms).
    public var bootID: String
    /// Seconds since that boot (never negative, never NaN).
    public var sinceBoot: TimeInterval

    public init(bootID: String, sinceBoot: TimeInterval) {
        self.bootID = bootID
        self.sinceBoot = sinceBoot.isFinite ? max(0, sinceBoot) : 0
    }
}
