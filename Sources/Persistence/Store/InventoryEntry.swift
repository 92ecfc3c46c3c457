/// A tag with its write history summary, for `tapcard tags` and the Tags screen.
public struct InventoryEntry: Sendable, Equatable {
    public var tag: TagRecord
    public var writeCount: Int
    public var lastWrite: WriteRecord?

    public init(tag: TagRecord, writeCount: Int, lastWrite: WriteRecord?) {
        self.tag = tag
        self.writeCount = writeCount
        self.lastWrite = lastWrite
    }
}
