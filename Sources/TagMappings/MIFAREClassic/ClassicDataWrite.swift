/// One data block a ``ClassicWritePlan`` writes: the block, its 16 bytes, and its place in the
/// tearing-safe order. The key is the driver's (the sector's NDEF key A, AN1304).
public struct ClassicDataWrite: Sendable, Equatable {
    /// Where a write stands in the commit order.
    public enum Role: String, Sendable, Equatable, CaseIterable {
        /// The block holding the NDEF TLV's first length byte, with that byte 0: from here the card reads as empty.
        case clearLength = "clear-length"
        /// The message and the terminator, and the length block with its first length byte still 0.
        case data
        /// The first length byte: the write that makes the new message the card's.
        case commit
    }

    public var block: Int
    public var bytes: [UInt8]
    public var role: Role

    public init(block: Int, bytes: [UInt8], role: Role) {
        self.block = block
        self.bytes = bytes
        self.role = role
    }
}
