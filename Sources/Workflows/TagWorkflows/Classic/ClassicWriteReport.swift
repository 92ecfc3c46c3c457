import MIFAREClassic
import TagCatalog

/// What a completed MIFARE Classic write (or erase) did, with figures only from what happened.
public struct ClassicWriteReport: Sendable, Equatable {
    public var uid: [UInt8]
    public var model: TagModel?
    public var messageBytes: Int
    public var encodedMessage: [UInt8]
    public var previousContent: NDEFContent
    /// Reported by the card: the NDEF sectors its MAD names.
    public var capacity: Capacity
    /// 1, or 3 from 255 bytes on.
    public var lengthFieldBytes: Int
    /// The block holding the NDEF TLV's first length byte (cleared first, committed last).
    public var lengthBlock: Int
    /// The block writes sent, in order.
    public var writes: [ClassicDataWrite]
    public var verification: WriteVerification
    public var writeStatistics: CommandStatistics
    public var verifyStatistics: CommandStatistics

    public var verified: Bool { verification.verified }
}

extension ClassicWriteReport: EnvelopedWriteReport {
    public var facts: TagFacts { ClassicTag.facts(uid: uid, model: model) }
    public var writeCommands: Int { writes.count }
    public var writeDetail: TagWriteOutcome.Detail { .classic(self) }
}
