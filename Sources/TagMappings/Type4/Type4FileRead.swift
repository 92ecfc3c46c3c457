import TagFrames

/// One READ BINARY of a Type 4 read plan: `length` bytes from `offset` of the selected file.
public struct Type4FileRead: Sendable, Hashable {
    public var offset: Int
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }

    /// `00 B0 <offset> <Le>`; the plan only makes reads whose offset fits the 15-bit P1-P2 field.
    public var apdu: CommandAPDU { Type4Command.readBinary(offset: offset, length: length) }
}
