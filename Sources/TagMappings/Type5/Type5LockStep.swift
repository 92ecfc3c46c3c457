import TagFrames

/// One step of a ``Type5LockPlan``, labelled so a workflow can report what was done when it
/// was interrupted.
public enum Type5LockStep: Sendable, Hashable {
    /// The CC block rewritten with write access 11 (read-only): every reader now treats the NDEF
    /// area as read-only, but the blocks can still be changed by raw writes.
    case writeCapabilityContainer(Type5BlockWrite)
    /// LOCK BLOCK of a block of the NDEF TLV: permanent.
    case lockDataBlock(Int, extended: Bool)
    /// LOCK BLOCK of the CC block, last: permanent; the CC can never be made writable again.
    case lockCapabilityContainerBlock(Int, extended: Bool)

    /// The request that performs it.
    public var request: ISO15693Request {
        switch self {
        case .writeCapabilityContainer(let write): write.request
        case .lockDataBlock(let block, let extended), .lockCapabilityContainerBlock(let block, let extended):
            Type5Command.lock(block: block, extended: extended)
        }
    }

    /// The block it writes or locks.
    public var block: Int {
        switch self {
        case .writeCapabilityContainer(let write): write.block
        case .lockDataBlock(let block, _), .lockCapabilityContainerBlock(let block, _): block
        }
    }

    /// In words, for reports: "CC write access set to read-only (block 0)", "locked block 3".
    public var label: String {
        switch self {
        case .writeCapabilityContainer(let write): "CC write access set to read-only (block \(write.block))"
        case .lockDataBlock(let block, _): "locked NDEF block \(block)"
        case .lockCapabilityContainerBlock(let block, _): "locked CC block \(block)"
        }
    }
}
