import Focus
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine's monotonic clock: which boot, and the time since it, sleep included.
///
/// - Linux: `/proc/sys/kernel/random/boot_id` names the boot; `clock_gettime(CLOCK_BOOTTIME)`
///   counts since it, suspend included.
/// - Apple platforms: the `kern.bootsessionuuid` sysctl names the boot (unlike `kern.boottime`,
///   it does not move when the wall clock is set); `clock_gettime(CLOCK_MONOTONIC)` counts
///   since it, sleep included.
///
/// Neither moves when someone sets the wall clock, which is the point.
public struct SystemMonotonicClock: MonotonicClock {
    public init() {}

    public func reading() -> MonotonicReading? {
        guard let bootID = Self.bootID() else { return nil }
        var time = timespec()
        #if os(Linux)
            let clock = CLOCK_BOOTTIME
        #else
            let clock = CLOCK_MONOTONIC
        #endif
        guard clock_gettime(clock, &time) == 0 else { return nil }
        return MonotonicReading(bootID: bootID, sinceBoot: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    static func bootID() -> String? {
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8) else {
                return nil
            }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        #elseif canImport(Darwin)
            var size = 0
            guard sysctlbyname("kern.bootsessionuuid", nil, &size, nil, 0) == 0, size > 0 else { return nil }
            var buffer = [CChar](repeating: 0, count: size)
            guard sysctlbyname("kern.bootsessionuuid", &buffer, &size, nil, 0) == 0 else { return nil }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return text.isEmpty ? nil : text
        #else
            return nil
        #endif
    }
}
