import NDEF
import TagCatalog
import Type2

/// What a completed write did, with figures only from what happened.
public struct WriteReport: Sendable, Equatable {
    public var uid: TagUID?
    public var identification: ChipIdentification
    /// Encoded message size.
    public var messageBytes: Int
    public var capacity: Capacity
    /// 1 or 3.
    public var lengthFieldBytes: Int
    /// Page writes sent (a page may be written twice: clear, then commit).
    public var writes: [PageWrite]
    /// True when the message was read back and matched record by record.
    public var verified: Bool
    /// Commands and modeled air time of the preflight and the write.
    public var writeStatistics: CommandStatistics
    /// Commands and modeled air time of the read-back (zero without verification).
    public var verifyStatistics: CommandStatistics

    /// Distinct pages written, ascending.
    public var pagesWritten: [Int] { Array(Set(writes.map(\.page))).sorted() }
}
