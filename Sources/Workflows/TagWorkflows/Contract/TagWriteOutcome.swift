import NDEF
import TagCatalog

/// What a completed write or erase did, for every tag type: the envelope, with the type's report
/// as detail.
public struct TagWriteOutcome: Sendable, Equatable {
    /// The per-type write report.
    public enum Detail: Sendable, Equatable {
        case type2(WriteReport)
        case type3(Type3WriteReport)
        case type4(Type4WriteReport)
        case type5(Type5WriteReport)
        case classic(ClassicWriteReport)
    }

    public var facts: TagFacts
    public var messageBytes: Int
    public var encodedMessage: [UInt8]
    public var previousContent: NDEFContent
    public var capacity: Capacity
    /// How many write commands were sent (0 when the tag already held the message).
    public var writeCommands: Int
    public var verification: WriteVerification
    public var writeStatistics: CommandStatistics
    public var verifyStatistics: CommandStatistics
    public var detail: Detail

    public var verified: Bool { verification.verified }
}
