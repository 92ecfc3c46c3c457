import TagCatalog
import Type5

/// What a read of a Type 5 tag found, with figures only from the tag: the CC's data area
/// (reported), the NDEF TLV, the message.
public struct Type5ReadReport: Sendable, Equatable {
    public var identification: Type5TagIdentification
    /// The UID, `E0` first (the carrier's: the inventory that found the tag).
    public var uid: [UInt8]
    public var snapshot: Type5Snapshot
    public var content: NDEFContent
    public var statistics: CommandStatistics

    public init(
        identification: Type5TagIdentification, uid: [UInt8], snapshot: Type5Snapshot, content: NDEFContent,
        statistics: CommandStatistics
    ) {
        self.identification = identification
        self.uid = uid
        self.snapshot = snapshot
        self.content = content
        self.statistics = statistics
    }

    /// The largest message the CC's data area holds (reported by the CC); 0 when not formatted.
    public var capacity: Capacity { snapshot.capacity }
    /// Read-only when the CC's write access is not free or a block of the NDEF TLV is locked
    /// (as far as the block security statuses were read).
    public var isWritable: Bool { snapshot.isFormatted && !snapshot.isReadOnly }
}
