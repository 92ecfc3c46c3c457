import TagCatalog

/// A raw image of a MIFARE Classic card: every block one after the other, 16 bytes each, the keys
/// in the trailers. Proxmark3's `.bin` (`hf mf dump`) and libnfc's `nfc-mfclassic r` output
/// (`.mfd`) are both this; the size (1024 or 4096 bytes) or `--model` says the model, block 0 the
/// UID's length.
public enum ClassicRawImage {
    public static let sizes: Set<Int> = Set(
        EmulatedClassicTag.supportedModels.compactMap { $0.classic.map { $0.blocks * 16 } })

    public static func parse(_ bytes: [UInt8], model given: TagModel?) throws(ClassicDumpError) -> ClassicDump {
        let expected = EmulatedClassicTag.supportedModels.compactMap { $0.classic.map { $0.blocks * 16 } }.sorted()
        let model: TagModel
        if let given, let facts = given.classic {
            guard bytes.count == facts.blocks * 16 else {
                throw .modelMismatch(
                    found: bytes.count, unit: "bytes", model: given.displayName, expected: facts.blocks * 16)
            }
            model = given
        } else {
            guard
                let found = EmulatedClassicTag.supportedModels.first(where: {
                    ($0.classic?.blocks ?? 0) * 16 == bytes.count
                })
            else { throw .wrongSize(found: bytes.count, unit: "bytes", expected: expected) }
            model = found
        }
        let blocks: [[UInt8?]] = stride(from: 0, to: bytes.count, by: 16).map { bytes[$0..<$0 + 16].map { $0 } }
        return ClassicDump(
            format: .rawImage, model: model, blocks: blocks)
    }

    /// Every block, `nil` when a byte is unknown (the format has no mark for one).
    public static func encode(_ tag: EmulatedClassicTag) -> [UInt8]? {
        tag.unknownBytes.isEmpty ? tag.blocks.flatMap { $0 } : nil
    }
}
