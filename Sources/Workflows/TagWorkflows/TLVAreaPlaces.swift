/// How a tag type names a byte of its TLV area in sentences: "page 4 byte 0" on Type 2, "block 1
/// byte 0" on Type 5, the card's own block number on MIFARE Classic (whose NDEF area is the data
/// blocks of its NDEF sectors, trailers and MAD left out).
public enum TLVAreaPlaces: Sendable, Equatable {
    /// Type 2: 4-byte pages from page 0.
    case pages(size: Int)
    /// Type 5: blocks of `size` bytes from block 0.
    case blocks(size: Int)
    /// MIFARE Classic: the area's 16-byte blocks are these card blocks, in order.
    case classicBlocks([Int])

    /// "page 4 byte 0" for byte `address` (from the start of memory, or of the Classic area).
    public func phrase(byte address: Int) -> String {
        switch self {
        case .pages(let size):
            return "page \(address / max(1, size)) byte \(address % max(1, size))"
        case .blocks(let size):
            return "block \(address / max(1, size)) byte \(address % max(1, size))"
        case .classicBlocks(let blocks):
            let index = address / 16
            guard blocks.indices.contains(index) else { return "byte \(address) of the NDEF sectors" }
            return "block \(blocks[index]) byte \(address % 16)"
        }
    }
}
