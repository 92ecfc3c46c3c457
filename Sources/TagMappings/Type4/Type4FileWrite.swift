import TagFrames

/// One UPDATE BINARY of a Type 4 write plan: where in the NDEF file, which bytes, and why it is
/// in the plan (the roles a workflow's interruption analysis reads).
public struct Type4FileWrite: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable {
        /// NLEN := 0 before any message byte, so a tear from here on leaves an empty file.
        case clearLength
        /// Message bytes after the length field.
        case data
        /// The real NLEN at offset 0: the tag holds the new message once this lands. An erase is
        /// this step alone, NLEN 00 00.
        case commit
    }

    /// The offset in the NDEF file (0 is the first NLEN byte).
    public var offset: Int
    public var bytes: [UInt8]
    public var role: Role

    public init(offset: Int, bytes: [UInt8], role: Role) {
        self.offset = offset
        self.bytes = bytes
        self.role = role
    }

    /// The UPDATE BINARY that performs it (`00 D6 <offset> <Lc> <bytes>`); the plan only makes
    /// writes whose offset fits the 15-bit P1-P2 field.
    public var apdu: CommandAPDU { Type4Command.updateBinary(offset: offset, data: bytes) }
}
