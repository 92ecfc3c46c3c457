import TagCatalog

@testable import Type5

/// Memory images for the Type 5 tests, built from the catalog's geometry (not from the mapping).
enum Type5Image {
    struct Geometry {
        var blockSize: Int
        var memoryBytes: Int
        var model: TagModel?
    }

    static let slix2 = Geometry(blockSize: 4, memoryBytes: 79 * 4, model: .icodeSLIX2)
    static let st25dv04k = Geometry(blockSize: 4, memoryBytes: 128 * 4, model: .st25dv04k)
    /// A made-up large tag with 8-byte blocks: 300 blocks (E2, 8-byte CC).
    static let large8 = Geometry(blockSize: 8, memoryBytes: 300 * 8, model: nil)
    static let small16 = Geometry(blockSize: 16, memoryBytes: 32 * 16, model: nil)

    /// A blank tag: all zeros.
    static func blank(_ geometry: Geometry) -> [UInt8] { [UInt8](repeating: 0, count: geometry.memoryBytes) }

    static func snapshot(_ memory: [UInt8], _ geometry: Geometry, security: [Int: Bool] = [:]) -> Type5Snapshot {
        Type5Snapshot(
            memory: memory, blockSize: geometry.blockSize, memoryBytes: geometry.memoryBytes, blockSecurity: security,
            model: geometry.model)
    }

    /// `memory` after `write`, or with only the first half of the write's bytes landed (a block
    /// write torn while programming, as the emulator's Type 4 tear lands the first ⌊n/2⌋ bytes).
    static func apply(_ write: Type5BlockWrite, to memory: [UInt8], torn: Bool = false) -> [UInt8] {
        guard torn else { return write.applied(to: memory) }
        var out = memory
        let start = write.block * write.bytes.count
        for index in 0..<write.bytes.count / 2 { out[start + index] = write.bytes[index] }
        return out
    }
}
