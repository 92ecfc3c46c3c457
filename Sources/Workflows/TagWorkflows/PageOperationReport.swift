import Type2

/// A format or lock that completed.
public struct PageOperationReport: Sendable, Equatable {
    public var uid: TagUID?
    public var identification: ChipIdentification
    public var writes: [PageWrite]
    /// The tag's state after the operation (read back).
    public var after: Type2Snapshot
    public var statistics: CommandStatistics
}
