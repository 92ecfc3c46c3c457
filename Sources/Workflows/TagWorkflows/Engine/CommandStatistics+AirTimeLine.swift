extension CommandStatistics {
    /// A write report's air-time line: "Air time: 12.3 ms modeled for 9 commands (datasheet timing,
    /// not measured; the phone adds its own latency)." — the write's and its read-back's figures
    /// together, rounded to a tenth of a millisecond.
    static func airTimeLine(write: CommandStatistics, verify: CommandStatistics) -> String {
        let total = ((write.modeledMicroseconds + verify.modeledMicroseconds) / 100).rounded() / 10
        return
            "Air time: \(total) ms modeled for \(write.commands + verify.commands) commands (datasheet timing, not measured; the phone adds its own latency)."
    }
}
