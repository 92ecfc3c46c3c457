import TagCatalog
import Type4

/// What a read of a Type 4 tag found, with figures only from the tag: the CC file's capacity
/// (reported), NLEN, the message.
public struct Type4ReadReport: Sendable, Equatable {
    public var identification: Type4Identification
    /// The UID, when the carrier or GetVersion gave it.
    public var uid: [UInt8]?
    public var snapshot: Type4Snapshot
    public var content: NDEFContent
    public var statistics: CommandStatistics

    public init(
        identification: Type4Identification, uid: [UInt8]?, snapshot: Type4Snapshot, content: NDEFContent,
        statistics: CommandStatistics
    ) {
        self.identification = identification
        self.uid = uid
        self.snapshot = snapshot
        self.content = content
        self.statistics = statistics
    }

    public var capacity: Capacity { snapshot.capacity }
    public var capabilityContainer: Type4CapabilityContainer { snapshot.capabilityContainer }
    /// Read-only when the CC's write access for the NDEF file is not free.
    public var isWritable: Bool { snapshot.capabilityContainer.ndefFile.writeAccess.isFree }
}
