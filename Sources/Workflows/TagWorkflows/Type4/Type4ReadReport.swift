import TagCatalog
import Type4

/// What a read of a Type 4 tag found, with figures only from the tag: the CC file's capacity
/// (reported), NLEN, the message. A DESFire without the NDEF application has no snapshot: it is
/// not formatted, and its capacity is the one `format` would give it, assumed.
public struct Type4ReadReport: Sendable, Equatable {
    public var identification: Type4Identification
    /// The UID, when the carrier or GetVersion gave it.
    public var uid: [UInt8]?
    /// The CC and NDEF files as read; `nil` when the tag has no NDEF application (a DESFire).
    public var snapshot: Type4Snapshot?
    public var content: NDEFContent
    public var statistics: CommandStatistics

    public init(
        identification: Type4Identification, uid: [UInt8]?, snapshot: Type4Snapshot?, content: NDEFContent,
        statistics: CommandStatistics
    ) {
        self.identification = identification
        self.uid = uid
        self.snapshot = snapshot
        self.content = content
        self.statistics = statistics
    }

    /// The CC's NDEF file size (reported), or for a card without the NDEF application what its
    /// model has once formatted (assumed; `nil` for a model the catalog does not list).
    public var capacity: Capacity? { snapshot?.capacity ?? TagReport.capacityOnceFormatted(identification.model) }
    public var capabilityContainer: Type4CapabilityContainer? { snapshot?.capabilityContainer }
    /// Read-only when the CC's write access for the NDEF file is not free (and without an NDEF
    /// application, since there is nothing to write into).
    public var isWritable: Bool { snapshot?.capabilityContainer.ndefFile.writeAccess.isFree ?? false }
    /// True when the tag has the NDEF application with its CC.
    public var isFormatted: Bool { snapshot != nil }
}
