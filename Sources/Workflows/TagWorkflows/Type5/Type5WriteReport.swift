import NDEF
import TagCatalog
import Type5

/// What a completed Type 5 write (or erase) did, with figures only from what happened.
public struct Type5WriteReport: Sendable, Equatable {

    /// How the write was checked (the one ``WriteVerification`` of every tag type).
    public typealias Verification = WriteVerification

    public var identification: Type5TagIdentification
    public var uid: [UInt8]
    public var messageBytes: Int
    public var encodedMessage: [UInt8]
    public var previousContent: NDEFContent
    /// Reported by the CC (its data area and the NDEF TLV's position).
    public var capacity: Capacity
    /// 1, or 3 from 255 bytes on.
    public var lengthFieldBytes: Int
    /// The block holding the NDEF TLV's first length byte (cleared first, committed last).
    public var lengthBlock: Int
    /// The WRITE SINGLE BLOCK commands sent, in order.
    public var writes: [Type5BlockWrite]
    public var verification: Verification
    /// Commands and modeled air time of the preflight and the write.
    public var writeStatistics: CommandStatistics
    /// Commands and modeled air time of the read-back.
    public var verifyStatistics: CommandStatistics

    public var verified: Bool { verification.verified }
}

extension Type5WriteReport: EnvelopedWriteReport {
    public var facts: TagFacts { Type5Tag.facts(uid: uid, identification: identification) }
    public var writeCommands: Int { writes.count }
    public var writeDetail: TagWriteOutcome.Detail { .type5(self) }
}
