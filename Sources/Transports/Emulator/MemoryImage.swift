import TagCatalog

/// Raw memory images (`.bin`): every page of the tag, page 0 first, nothing else — the format
/// of `dump.bin` in the fixtures and of most dump tools. It holds no signature and no counters.
public enum MemoryImage {
    /// Reads a raw image and checks that its size is `model`'s.
    public static func load(_ path: String, model: TagModel) throws(EmulatorError) -> [UInt8] {
        let bytes = try FileBytes.read(path)
        do {
            try EmulatedTag.check(image: bytes, model: model)
        } catch {
            throw .inFile(path: path, error)
        }
        return bytes
    }

    /// Writes `tag`'s whole memory as a raw image (PWD and PACK as stored).
    public static func save(_ tag: EmulatedTag, to path: String) throws(EmulatorError) {
        try FileBytes.write(tag.memory, to: path)
    }
}
