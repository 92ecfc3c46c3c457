import TagCatalog
import Type3

/// What a completed Type 3 write (or erase) did, with figures only from what happened.
public struct Type3WriteReport: Sendable, Equatable {

    /// How the write was checked (the one ``WriteVerification`` of every tag type).
    public typealias Verification = WriteVerification

    public var identification: Type3Identification
    public var idm: [UInt8]
    public var messageBytes: Int
    public var encodedMessage: [UInt8]
    public var previousContent: NDEFContent
    /// Nmaxb × 16, reported by the attribute block.
    public var capacity: Capacity
    /// The Updates sent, in order (WriteF 0F, data, commit).
    public var writes: [Type3BlockWrite]
    public var verification: Verification
    /// Commands and modeled air time of the polling, the reads before the write, and the Updates.
    public var writeStatistics: CommandStatistics
    /// Commands and modeled air time of the read-back.
    public var verifyStatistics: CommandStatistics

    public var verified: Bool { verification.verified }
    /// The distinct blocks the Updates wrote, ascending.
    public var blocksWritten: [Int] { Array(Set(writes.flatMap(\.blocks))).sorted() }
}

extension Type3WriteReport: EnvelopedWriteReport {
    public var facts: TagFacts { Type3Tag.facts(idm: idm, identification: identification) }
    public var writeCommands: Int { writes.count }
    public var writeDetail: TagWriteOutcome.Detail { .type3(self) }
}
