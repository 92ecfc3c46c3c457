import MIFAREClassic
import TagCatalog

/// What a read of a MIFARE Classic card found, with figures only from the card: the MAD's NDEF
/// sectors, the NDEF TLV, the message.
public struct ClassicReadReport: Sendable, Equatable {
    public var uid: [UInt8]
    public var model: TagModel?
    public var snapshot: ClassicSnapshot
    public var statistics: CommandStatistics

    public init(uid: [UInt8], model: TagModel?, snapshot: ClassicSnapshot, statistics: CommandStatistics) {
        self.uid = uid
        self.model = model
        self.snapshot = snapshot
        self.statistics = statistics
    }

    public var content: NDEFContent { snapshot.content }
    public var capacity: Capacity { snapshot.capacity }
    public var isWritable: Bool { snapshot.isFormatted && !snapshot.isReadOnly }
}
