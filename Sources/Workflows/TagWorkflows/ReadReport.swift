import TagCatalog
import Type2

/// The NDEF message of a tag, with what a reader needs to trust it.
public struct ReadReport: Sendable, Equatable {
    public var uid: TagUID?
    public var identification: ChipIdentification
    public var status: NDEFStatus
    public var capacity: Capacity
    public var content: NDEFContent
    /// The first page the tag refused to read without the password (ACCESS.PROT), if any.
    public var readRefusedFromPage: Int?
    /// The PACK the tag answered, when a password was given and accepted.
    public var acknowledge: PasswordAcknowledge?
    public var statistics: CommandStatistics
    /// Page 3 as read: the Capability Container, or what stands there on a tag that is not
    /// formatted; `nil` when the tag did not give page 3.
    public var capabilityContainerBytes: [UInt8]? = nil
}
