import TagFrames

/// One Update of a Type 3 plan: which blocks, their 16 bytes each, and why it is in the plan.
public struct Type3BlockWrite: Sendable, Hashable {
    /// The roles mirror ``/Type4/Type4FileWrite/Role`` so a workflow maps both onto its write
    /// engine's commit roles the same way.
    public enum Role: String, Sendable, Hashable {
        /// The attribute block with WriteF = 0F: a reader that honours WriteF treats the data as
        /// not valid from here on (TapCard: an interrupted write, "empty" for a tear verdict).
        case clearLength
        /// Message blocks.
        case data
        /// The attribute block with WriteF = 00, the new Ln and its checksum: the tag holds the
        /// new state once this lands.
        case commit
    }

    public var blocks: [Int]
    /// 16 bytes per block.
    public var bytes: [UInt8]
    public var role: Role
    /// The service the Update goes through (0009 for NDEF data).
    public var service: UInt16

    public init(blocks: [Int], bytes: [UInt8], role: Role, service: UInt16 = 0x0009) {
        self.blocks = blocks
        self.bytes = bytes
        self.role = role
        self.service = service
    }

    /// The Update that performs it.
    public func command(idm: [UInt8]) -> FeliCaCommand {
        Type3Command.update(idm: idm, service: service, blocks: blocks, data: bytes)
    }
}
