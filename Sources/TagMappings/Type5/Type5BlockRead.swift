import TagFrames

/// One read of a Type 5 plan: `count` blocks from `first`, as READ SINGLE BLOCK (count 1) or READ
/// MULTIPLE BLOCKS, extended (2-byte block numbers) on an E2 tag.
public struct Type5BlockRead: Sendable, Hashable {
    public var first: Int
    public var count: Int
    public var extended: Bool

    public init(first: Int, count: Int, extended: Bool) {
        self.first = first
        self.count = count
        self.extended = extended
    }

    /// The request that performs it.
    public var request: ISO15693Request {
        count == 1
            ? Type5Command.read(block: first, extended: extended)
            : Type5Command.read(blocks: first, count: count, extended: extended)
    }

    /// The blocks' bytes from the answer, checked: the error flag is the tag's refusal; a payload
    /// that is not `count × blockSize` bytes is ``Type5StatusError/unexpectedLength(command:block:bytes:expected:)``.
    public func bytes(from response: ISO15693Response, blockSize: Int) throws(Type5StatusError) -> [UInt8] {
        try Type5StatusError.check(response, request: request, block: first, expected: count * blockSize)
    }
}
