import TagCatalog
import Type5

/// What a completed Type 5 lock did and what the tag shows afterwards, read back.
public struct Type5LockReport: Sendable, Equatable {
    public var identification: Type5TagIdentification
    public var uid: [UInt8]
    /// The steps sent, in order (a step already in place is skipped).
    public var steps: [Type5LockStep]
    /// True when the plan locked blocks (LOCK BLOCK: no command can undo it); false when the chip
    /// takes no LOCK BLOCK and only the CC's write access was set (raw writes can still change it).
    public var isPermanent: Bool
    /// The CC's write access after the lock, as read back.
    public var ccWriteAccess: Type5WriteAccess?
    /// The blocks that had to be locked (NDEF TLV and CC), and the ones the read-back shows locked;
    /// `nil` when the block security statuses could not be read.
    public var blocksToLock: [Int]
    public var lockedBlocks: [Int]?
    public var statistics: CommandStatistics

    /// True when the read-back shows every part of the lock in place.
    public var verified: Bool {
        guard ccWriteAccess == .readOnly else { return false }
        guard isPermanent else { return true }
        guard let lockedBlocks else { return false }
        return Set(blocksToLock).isSubset(of: Set(lockedBlocks))
    }
}

extension Type5LockReport: EnvelopedManagementReport {
    public var facts: TagFacts { Type5Tag.facts(uid: uid, identification: identification) }
    public var managementDetail: TagManagementOutcome.Detail { .type5Lock(self) }
}
