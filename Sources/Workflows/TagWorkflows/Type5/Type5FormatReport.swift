import TagCatalog
import Type5

/// What a completed Type 5 format (or iOS fix of the CC) did, and what the tag holds afterwards,
/// read back.
public struct Type5FormatReport: Sendable, Equatable {
    public enum Operation: String, Sendable, Equatable {
        /// A CC and an empty NDEF TLV (``/Type5/Type5FormatPlan``).
        case format
        /// The CC block rewritten with MBREAD clear, nothing else (``/Type5/Type5Compatibility/fixForIOS(snapshot:)``).
        case fixForIOS = "fix-for-ios"
    }

    public var operation: Operation
    public var identification: Type5TagIdentification
    public var uid: [UInt8]
    /// What the tag held before (its CC bytes, or block 0 when it had none).
    public var previousBlockZero: [UInt8]
    public var previousContent: NDEFContent
    /// The memory size the CC's MLEN was derived from (format only), and where it came from.
    public var memoryBytes: Int?
    /// The WRITE SINGLE BLOCK commands sent, in order (empty when nothing needed changing).
    public var writes: [Type5BlockWrite]
    /// The read-back after the last write.
    public var after: Type5Snapshot
    public var afterContent: NDEFContent
    /// The compatibility warnings of the read-back.
    public var warnings: [Type5CompatibilityWarning]
    public var statistics: CommandStatistics

    /// True when the read-back shows what was asked: a version-1 CC with free access and an empty
    /// message (format), or a CC with MBREAD clear (fix for iOS).
    public var verified: Bool {
        guard let cc = after.cc else { return false }
        switch operation {
        case .format: return cc.writeAccess == .free && cc.isReadable && afterContent == .empty
        case .fixForIOS: return !cc.features.contains(.multipleBlockRead)
        }
    }
}

extension Type5FormatReport: EnvelopedManagementReport {
    public var facts: TagFacts { Type5Tag.facts(uid: uid, identification: identification) }
    public var managementDetail: TagManagementOutcome.Detail { .type5Format(self) }
}
