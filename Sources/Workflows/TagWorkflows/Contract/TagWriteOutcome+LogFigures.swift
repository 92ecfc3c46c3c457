extension TagWriteOutcome {
    /// The distinct blocks the write sent, for the write log: Type 5's WRITE SINGLE BLOCKs, Type 3's
    /// Updates (a block written twice, as the attribute block is, counts once); 0 for Types 2 and
    /// 4, whose driver writes the log does not count in blocks.
    public var blocksWritten: Int {
        switch detail {
        case .type5(let report): Set(report.writes.map(\.block)).count
        case .type3(let report): report.blocksWritten.count
        case .classic(let report): Set(report.writes.map(\.block)).count
        case .type2, .type4: 0
        }
    }

    /// The modeled air time of the write and its read-back, in seconds (datasheet timing, not
    /// measured), for the write log; `nil` for Types 2 and 4, whose log entries carry no air time.
    public var modeledAirTime: Double? {
        switch detail {
        case .type5, .type3: (writeStatistics.modeledMicroseconds + verifyStatistics.modeledMicroseconds) / 1e6
        // Classic: the Crypto1 exchanges' air time is not modelled.
        case .type2, .type4, .classic: nil
        }
    }
}
