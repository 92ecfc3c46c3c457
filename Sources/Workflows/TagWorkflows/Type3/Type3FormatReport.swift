import TagCatalog
import Type3

/// What a completed Type 3 format did, and what the card shows afterwards, read back.
public struct Type3FormatReport: Sendable, Equatable {
    public var identification: Type3Identification
    public var idm: [UInt8]
    /// The Updates sent, in order (``/Type3/Type3FormatPlan``).
    public var writes: [Type3ConfigurationWrite]
    /// The card read again after the format: Polling for 12FC, block 0, the MC block.
    public var after: Type3ReadReport
    public var memoryConfiguration: FeliCaLiteSMemoryConfiguration?
    public var statistics: CommandStatistics

    /// True when the read-back answers 12FC and holds an empty, writable NDEF message.
    public var verified: Bool { after.content == .empty && after.isWritable }
}

extension Type3FormatReport: EnvelopedManagementReport {
    public var facts: TagFacts { Type3Tag.facts(idm: idm, identification: identification) }
    public var managementDetail: TagManagementOutcome.Detail { .type3Format(self) }
}
