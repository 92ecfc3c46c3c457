import TagCatalog
import Type3

/// What a read of a Type 3 card found, with figures only from the card: IDm and PMm (polling),
/// the attribute block (Nmaxb × 16, reported), Ln, the message.
public struct Type3ReadReport: Sendable, Equatable {
    public var identification: Type3Identification
    /// The 8-byte IDm, the card's identity.
    public var idm: [UInt8]
    /// The 8-byte PMm polling answered with.
    public var pmm: [UInt8]
    public var area: Type3NDEFArea
    public var content: NDEFContent
    public var statistics: CommandStatistics

    public init(
        identification: Type3Identification, idm: [UInt8], pmm: [UInt8], area: Type3NDEFArea, content: NDEFContent,
        statistics: CommandStatistics
    ) {
        self.identification = identification
        self.idm = idm
        self.pmm = pmm
        self.area = area
        self.content = content
        self.statistics = statistics
    }

    public var snapshot: Type3Snapshot? { area.snapshot }

    /// Nmaxb × 16, reported by the attribute block; on a card that is not formatted, assuming the
    /// model's data blocks (FeliCa Lite-S: 13 × 16 = 208 bytes, what TapCard's formatter reports),
    /// or 0 for a chip TapCard has no facts for.
    public var capacity: Capacity {
        if let snapshot { return .reported(snapshot.capacity, model: identification.model) }
        let blocks = identification.model?.type3?.dataBlocks ?? 0
        return .assumed(blocks * Type3Facts.blockSize, model: identification.model)
    }

    /// Formatted, with the RW flag 01.
    public var isWritable: Bool { snapshot.map { !$0.isReadOnly } ?? false }
}
