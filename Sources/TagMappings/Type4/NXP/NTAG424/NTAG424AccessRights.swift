/// The access rights of one NTAG 424 DNA file: four conditions, one per kind of access
/// (NT4H2421Gx datasheet §8.2.3.3; reference §2.2).
///
/// On the wire they are 2 bytes, the little-endian 16-bit word `Read<<12 | Write<<8 |
/// ReadWrite<<4 | Change`: byte 0 is `ReadWrite|Change`, byte 1 is `Read|Write`. The factory NDEF
/// file's `E0 EE` is read free, write free, read-write free, change key 0.
public struct NTAG424AccessRights: Sendable, Hashable, CustomStringConvertible {
    public var read: NTAG424AccessCondition
    public var write: NTAG424AccessCondition
    public var readWrite: NTAG424AccessCondition
    public var change: NTAG424AccessCondition

    public init(
        read: NTAG424AccessCondition, write: NTAG424AccessCondition, readWrite: NTAG424AccessCondition,
        change: NTAG424AccessCondition
    ) {
        self.read = read
        self.write = write
        self.readWrite = readWrite
        self.change = change
    }

    /// From the 16-bit word `R<<12 | W<<8 | RW<<4 | C`.
    public init(word: UInt16) {
        self.init(
            read: .init(nibble: UInt8(word >> 12 & 0x0F)), write: .init(nibble: UInt8(word >> 8 & 0x0F)),
            readWrite: .init(nibble: UInt8(word >> 4 & 0x0F)), change: .init(nibble: UInt8(word & 0x0F)))
    }

    /// From the two wire bytes, least significant first.
    public init(low: UInt8, high: UInt8) {
        self.init(word: UInt16(high) << 8 | UInt16(low))
    }

    public var word: UInt16 {
        UInt16(read.nibble) << 12 | UInt16(write.nibble) << 8 | UInt16(readWrite.nibble) << 4 | UInt16(change.nibble)
    }

    /// The two wire bytes, least significant first.
    public var bytes: [UInt8] { [UInt8(word & 0xFF), UInt8(word >> 8)] }

    /// "read free, write key 3, read-write key 3, change key 0".
    public var description: String {
        "read \(read), write \(write), read-write \(readWrite), change \(change)"
    }
}
