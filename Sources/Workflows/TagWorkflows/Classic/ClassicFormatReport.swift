import MIFAREClassic
import TagCatalog

/// What a completed MIFARE Classic format did (``/MIFAREClassic/ClassicFormatPlan``: NDEF
/// sectors, MAD, sector 0's trailer last), and what the card holds afterwards, read back.
public struct ClassicFormatReport: Sendable, Equatable {
    public var uid: [UInt8]
    public var model: TagModel?
    /// The block writes sent, in order.
    public var writes: [ClassicBlockWrite]
    /// The read-back after the last write.
    public var after: ClassicSnapshot
    public var statistics: CommandStatistics

    /// True when the read-back finds a MAD, every application sector given to NDEF, writable, and
    /// an empty message.
    public var verified: Bool {
        after.isFormatted && !after.isReadOnly && after.content == .empty
            && after.area?.sectors == after.layout.applicationSectors
    }
}

extension ClassicFormatReport: EnvelopedManagementReport {
    public var facts: TagFacts { ClassicTag.facts(uid: uid, model: model) }
    public var managementDetail: TagManagementOutcome.Detail { .classicFormat(self) }
}
