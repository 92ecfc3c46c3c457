import Originality
import TagCatalog
import Type2

/// Everything a Tag Info screen shows, read from the tag.
public struct TagInspection: Sendable, Equatable {
    public var identification: ChipIdentification
    /// The whole snapshot: UID, CC, lock bytes, TLVs, capacity, raw memory.
    public var snapshot: Type2Snapshot
    public var content: NDEFContent
    public var signature: SignatureCheck
    public var statistics: CommandStatistics

    public var uid: TagUID? { snapshot.uid }
    public var model: TagModel? { snapshot.model }
    public var status: NDEFStatus { snapshot.status }
    public var capacity: Capacity { snapshot.capacity }
    public var tlvs: [TLV] { snapshot.walk?.tlvs ?? [] }
    public var memory: [UInt8] { snapshot.memory }
}
