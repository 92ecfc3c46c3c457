import TagCatalog
import Type2

/// The NDEF message of a tag, with what a reader needs to trust it.
public struct ReadReport: Sendable, Equatable {
    public var uid: TagUID?
    public var identification: ChipIdentification
    public var status: NDEFStatus
    public var capacity: Capacity
    public var content: NDEFContent
    public var statistics: CommandStatistics
}
