import NDEF
import TagCatalog
import Type2

/// What a completed write did, with figures only from what happened.
public struct WriteReport: Sendable, Equatable {
    public var uid: TagUID?
    public var identification: ChipIdentification
    /// Encoded message size.
    public var messageBytes: Int
    /// The encoded message written (empty for an erase).
    public var encodedMessage: [UInt8]
    /// What the tag held before the write, as the preflight read found it: with
    /// ``encodedMessage``, enough for a script to undo the write or to check that no update was
    /// lost between two writers.
    public var previousContent: NDEFContent
    public var capacity: Capacity
    /// 1 or 3.
    public var lengthFieldBytes: Int
    /// Page writes sent (a page may be written twice: clear, then commit).
    public var writes: [PageWrite]
    /// How the message was checked after the write.
    public var verification: Verification
    /// Commands and modeled air time of the preflight and the write.
    public var writeStatistics: CommandStatistics
    /// Commands and modeled air time of the read-back (zero without verification).
    public var verifyStatistics: CommandStatistics

    /// How the write was checked (the one ``WriteVerification`` of every tag type).
    public typealias Verification = WriteVerification

    /// True when the message on the tag was read and matched record by record.
    public var verified: Bool { verification.verified }

    /// Distinct pages written, ascending.
    public var pagesWritten: [Int] { Array(Set(writes.map(\.page))).sorted() }
}
