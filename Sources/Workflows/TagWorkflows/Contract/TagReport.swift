import NDEF
import TagCatalog

/// What a read or an inspection of any tag found: one envelope for every tag type, with the
/// per-type detail beside it. Front ends print the envelope once and only the detail per type.
public struct TagReport: Sendable, Equatable {
    public var facts: TagFacts
    public var status: TagNDEFStatus
    /// The largest message the tag holds, with its source. A tag that is not formatted has the
    /// capacity its model would have once formatted, always `.assumed`, or `nil` when the model is
    /// unknown; `nil` too when the tag hides what it derives from (a read-protected Type 2 tag).
    public var capacity: Capacity?
    public var content: NDEFContent
    public var statistics: CommandStatistics
    public var detail: TagDetail

    public init(
        facts: TagFacts, status: TagNDEFStatus, capacity: Capacity?, content: NDEFContent,
        statistics: CommandStatistics, detail: TagDetail
    ) {
        self.facts = facts
        self.status = status
        self.capacity = capacity
        self.content = content
        self.statistics = statistics
        self.detail = detail
    }

    /// The contract's capacity rule for a tag that is not formatted: what its model holds once
    /// formatted, assuming TapCard's own format (`nil` for an unknown model).
    public static func capacityOnceFormatted(_ model: TagModel?) -> Capacity? { model?.assumedCapacity }
}
