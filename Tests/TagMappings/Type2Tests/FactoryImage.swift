import TagCatalog

@testable import Type2

/// Factory memory images built from the datasheet layout, for tests that do not need the emulator.
enum FactoryImage {
    /// A formatted tag as it leaves the factory: UID 04 11 22 33 44 55 66 with valid check
    /// bytes, the model's CC and formatted data area (the catalog's).
    static func formatted(_ model: TagModel) -> [UInt8] {
        var memory = unformatted(model)
        let cc = Type2FormatPlan.capabilityContainer(for: model)!.bytes
        memory.replaceSubrange(12..<16, with: cc)
        let tlvs = model.formattedDataArea!
        memory.replaceSubrange(16..<16 + tlvs.count, with: tlvs)
        return memory
    }

    static func unformatted(_ model: TagModel) -> [UInt8] {
        let layout = model.type2Layout!
        var memory = [UInt8](repeating: 0, count: layout.totalBytes)
        let uid: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        memory[0] = uid[0]
        memory[1] = uid[1]
        memory[2] = uid[2]
        memory[3] = 0x88 ^ uid[0] ^ uid[1] ^ uid[2]
        memory.replaceSubrange(4..<8, with: uid[3...6])
        memory[8] = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
        memory[9] = 0x48
        return memory
    }

    /// `memory` with every write of `writes` applied.
    static func applying(_ writes: some Sequence<PageWrite>, to memory: [UInt8]) -> [UInt8] {
        var result = memory
        for write in writes { result.replaceSubrange(Type2Page.byteRange(ofPage: write.page), with: write.bytes) }
        return result
    }
}
