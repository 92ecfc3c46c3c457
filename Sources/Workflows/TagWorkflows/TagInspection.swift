import Originality
import TLVArea
import TagCatalog
import Type2

/// Everything a Tag Info screen shows, read from the tag.
public struct TagInspection: Sendable, Equatable {
    public var identification: ChipIdentification
    /// The whole snapshot: UID, CC, lock bytes, TLVs, capacity, raw memory.
    public var snapshot: Type2Snapshot
    public var content: NDEFContent
    public var signature: SignatureCheck
    /// The PACK the tag answered, when a password was given and accepted.
    public var acknowledge: PasswordAcknowledge?
    public var statistics: CommandStatistics

    public init(
        identification: ChipIdentification, snapshot: Type2Snapshot, content: NDEFContent, signature: SignatureCheck,
        acknowledge: PasswordAcknowledge? = nil, statistics: CommandStatistics
    ) {
        self.identification = identification
        self.snapshot = snapshot
        self.content = content
        self.signature = signature
        self.acknowledge = acknowledge
        self.statistics = statistics
    }

    /// CFG0/CFG1 decoded, when the chip has them and they were readable.
    public var accessConfiguration: AccessConfiguration? { snapshot.accessConfiguration }

    /// A key-guarded chip's protection (Ultralight C, Ultralight AES), decoded from the memory
    /// read, when its configuration pages were readable.
    public var keyAccess: KeyAccessState? { KeyAccessState.decode(model: model, memory: snapshot.memory) }

    public var uid: TagUID? { snapshot.uid }
    public var model: TagModel? { snapshot.model }
    public var status: NDEFStatus { snapshot.status }
    public var capacity: Capacity { snapshot.capacity }
    public var tlvs: [TLV] { snapshot.walk?.tlvs ?? [] }
    public var memory: [UInt8] { snapshot.memory }
}
