import TapCardSupport

/// Why TapCard will not send a planned read, write, format or lock to a Type 3 tag. Every case
/// is decided from what was read (the attribute block, the MC block) before a command is sent, so
/// the origin is `.refusal`.
public enum Type3PlanError: TapCardError, Equatable {
    /// The attribute block's RW flag is 00 (read-only).
    case readOnlyFlag
    /// MC_SP makes these S_PAD blocks read-only, and the plan would write them.
    case readOnlyBlocks([Int])
    /// MC_ALL is 00: the MC block is read-only, and the plan would write it.
    case memoryConfigurationReadOnly
    /// The message is `needed` bytes; the attribute block reports `capacity` = Nmaxb × 16
    /// (`maximumBlocks` blocks).
    case tooBig(needed: Int, capacity: Int, maximumBlocks: Int)
    /// Block 0 is not an attribute block TapCard can use: the card is not NDEF formatted.
    case notFormatted(Type3AttributeError)
    /// The attribute block has a problem that makes the plan unsafe.
    case attribute(Type3AttributeProblem)
    /// The attribute block reports more data blocks (`maximumBlocks`) than the chip has
    /// (`chipBlocks`, from the catalog).
    case beyondChip(maximumBlocks: Int, chipBlocks: Int)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .readOnlyFlag:
            "The attribute information block's RW flag is 00 (read-only), so TapCard did not write; nothing was sent."
        case .readOnlyBlocks(let blocks):
            "The card's memory configuration (MC_SP) makes S_PAD \(blocks.map(String.init).joined(separator: ", ")) read-only, so TapCard did not write; nothing was sent."
        case .memoryConfigurationReadOnly:
            "The card's memory configuration block is read-only (MC_ALL 00), so it cannot be changed; nothing was sent."
        case .tooBig(let needed, let capacity, let maximumBlocks):
            "The message is \(needed) bytes; the tag holds at most \(capacity) (Nmaxb \(maximumBlocks) × 16, reported by the attribute block); it is \(needed - capacity) \(needed - capacity == 1 ? "byte" : "bytes") too big. Nothing was written."
        case .notFormatted(let error):
            "The card is not NDEF formatted: \(error.sentence) Nothing was written."
        case .attribute(let problem):
            "TapCard does not trust the attribute block: \(problem.sentence) Nothing was sent."
        case .beyondChip(let maximumBlocks, let chipBlocks):
            "The attribute block reports Nmaxb \(maximumBlocks) data blocks, more than the \(chipBlocks) the chip has; nothing was sent."
        }
    }
}
