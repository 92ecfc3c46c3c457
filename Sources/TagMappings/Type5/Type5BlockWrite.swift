import TagFrames

/// One WRITE SINGLE BLOCK of a Type 5 plan: which block, its bytes, and why it is in the plan (the
/// roles a workflow's interruption analysis reads; they mirror `Type4FileWrite.Role`).
public struct Type5BlockWrite: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable {
        /// The NDEF TLV's first length byte := 0 before any message byte: from here on a tear
        /// leaves an empty message (AOSP `rw_i93.cc` RESET_LEN).
        case clearLength
        /// Message bytes (and the terminator), written while the length is 0 (WRITE_NDEF).
        case data
        /// The real length: the tag holds the new message once this lands (UPDATE_LEN). It differs
        /// from the block before it in the first length byte only.
        case commit
        /// The CC block (format, iOS fix, lock): the step that makes the tag formatted or read-only.
        case capabilityContainer
        /// The empty NDEF TLV of a format.
        case emptyNDEF
    }

    public var block: Int
    public var bytes: [UInt8]
    public var role: Role
    /// 2-byte block numbers (CC magic E2): EXTENDED WRITE SINGLE BLOCK (0x31).
    public var extended: Bool

    public init(block: Int, bytes: [UInt8], role: Role, extended: Bool) {
        self.block = block
        self.bytes = bytes
        self.role = role
        self.extended = extended
    }

    /// The request that performs it.
    public var request: ISO15693Request { Type5Command.write(block: block, data: bytes, extended: extended) }

    /// `memory` with this write applied (extended with zeros to cover the block).
    public func applied(to memory: [UInt8]) -> [UInt8] {
        var out = memory
        let end = (block + 1) * bytes.count
        if out.count < end { out += [UInt8](repeating: 0, count: end - out.count) }
        out.replaceSubrange(block * bytes.count..<end, with: bytes)
        return out
    }
}
