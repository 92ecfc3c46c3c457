/// One block a plan writes: which block, its 16 bytes, and the key to authenticate its sector
/// with just before (the key the sector holds at that point of the plan).
public struct ClassicBlockWrite: Sendable, Equatable {
    /// What the write is for, in plan order.
    public enum Purpose: String, Sendable, Equatable, CaseIterable {
        case ndefData = "ndef-data"
        case ndefTrailer = "ndef-trailer"
        case mad2 = "mad2"
        case mad2Trailer = "mad2-trailer"
        case mad1 = "mad1"
        case mad1Trailer = "mad1-trailer"
    }

    /// Key A or key B of the sector trailer.
    public enum KeyType: String, Sendable, Equatable, CaseIterable {
        case keyA = "key-a"
        case keyB = "key-b"
    }

    public var block: Int
    public var bytes: [UInt8]
    public var keyType: KeyType
    public var key: ClassicKey
    public var purpose: Purpose

    public init(block: Int, bytes: [UInt8], keyType: KeyType, key: ClassicKey, purpose: Purpose) {
        self.block = block
        self.bytes = bytes
        self.keyType = keyType
        self.key = key
        self.purpose = purpose
    }

    /// `image` with this block replaced (the image grows with 16 zero bytes per missing block).
    public func applied(to image: [[UInt8]]) -> [[UInt8]] {
        var result = image
        while result.count <= block { result.append([UInt8](repeating: 0, count: ClassicLayout.blockSize)) }
        result[block] = bytes
        return result
    }
}
