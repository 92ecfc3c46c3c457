import TagCatalog
import Type3

/// What a completed FeliCa Lite-S lock did and what the card shows afterwards, read back: the
/// same shape as ``Type4LockReport``.
public struct Type3LockReport: Sendable, Equatable {
    public var identification: Type3Identification
    public var idm: [UInt8]
    /// The Updates sent, in order (a step already in place is skipped; `.lockMemory` is the
    /// permanent one).
    public var writes: [Type3ConfigurationWrite]
    /// Block 0 after the lock, as read back.
    public var attribute: Type3AttributeBlock?
    /// The MC block after the lock, as read back.
    public var memoryConfiguration: FeliCaLiteSMemoryConfiguration
    public var statistics: CommandStatistics

    public var steps: [Type3ConfigurationWrite.Step] { writes.map(\.step) }

    /// True when the read-back shows every part of the lock in place: RW flag 00, S_PAD0–13
    /// read-only (MC_SP) and the MC read-only (MC_ALL 00).
    public var verified: Bool {
        (attribute?.isReadOnly ?? false) && Type3Tag.isLocked(memoryConfiguration)
    }
}

extension Type3LockReport: EnvelopedManagementReport {
    public var facts: TagFacts { Type3Tag.facts(idm: idm, identification: identification) }
    public var managementDetail: TagManagementOutcome.Detail { .type3Lock(self) }
}
