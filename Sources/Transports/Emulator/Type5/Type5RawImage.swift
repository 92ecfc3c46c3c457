import TagCatalog
import TapCardSupport

/// A Type 5 tag's memory as a raw image: every block's bytes, block 0 first, as Proxmark3's
/// `hf 15 dump` saves its `.bin` and `sim export --bin` writes it; or the same blocks as a
/// Proxmark3 `.eml`, one block of hex digits a line. Only the memory is in it: the UID, DSFID,
/// AFI, block locks and an ICODE SLIX2's passwords, signature and protection settings are not,
/// and ``tag(_:model:uid:)`` says so, one phrase each.
public enum Type5RawImage {
    /// The blocks of a `model` image (raw bytes or `.eml` lines), or `nil` when `bytes` are
    /// neither for the model's geometry (the caller names the sizes it takes, ``sizes(of:)``).
    public static func blocks(_ bytes: [UInt8], model: TagModel) -> [[UInt8]]? {
        guard let facts = model.type5 else { return nil }
        let size = facts.blockCount * facts.blockSize
        let memory = bytes.count == size ? bytes : EMLText.bytes(bytes, digitsPerLine: facts.blockSize * 2)
        guard let memory, memory.count == size else { return nil }
        return stride(from: 0, to: size, by: facts.blockSize).map { Array(memory[$0..<$0 + facts.blockSize]) }
    }

    /// What `blocks(_:model:)` takes, in words: "320 bytes (80 blocks of 4) or an .eml of 80 lines of 8 hex digits".
    public static func sizes(of model: TagModel) -> String {
        guard let facts = model.type5 else { return "no image" }
        return
            "\(facts.blockCount * facts.blockSize) bytes (\(facts.blockCount) blocks of \(facts.blockSize)), or an .eml of \(facts.blockCount) lines of \(facts.blockSize * 2) hex digits"
    }

    /// The tag an image makes: its blocks; `uid` (the caller's) or a random one of the model's;
    /// everything else as the chip ships it. The second value names what the image did not hold
    /// and what the tag has in its place.
    public static func tag(_ blocks: [[UInt8]], model: TagModel, uid: [UInt8]?) throws(EmulatorError) -> (
        EmulatedType5Tag, [String]
    ) {
        guard let facts = model.type5 else { throw .unsupportedModel(model) }
        let chosen = uid ?? EmulatedType5Tag.randomUID(facts: facts)
        var memory = Type5Memory(facts: facts, formatted: false)
        memory.blocks = blocks
        let tag = try EmulatedType5Tag(model: model, uid: chosen, memory: memory)
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var notes = [
            uid == nil
                ? "the UID (a random \(model.displayName) UID here, \(hex(chosen)); give --uid for the tag's)"
                : "the UID (--uid's \(hex(chosen)) here)",
            "the DSFID and AFI (the model's \(hex([memory.dsfid])) and \(hex([memory.afi])) here)",
            "the block locks (none locked here)",
        ]
        if memory.slix != nil {
            notes.append(
                "the SLIX2 passwords, originality signature, privacy and protection settings (the chip's defaults here: signature zeros, no protection)"
            )
        }
        return (tag, notes)
    }

    /// Where text that is mostly lines of `model`'s block in hex (an `.eml` with a broken line)
    /// goes wrong: the first line that is not one block of hex digits, or the count of lines.
    /// `nil` for bytes that are no such text (a raw image of a wrong size).
    public static func emlProblem(_ bytes: [UInt8], model: TagModel) -> String? {
        guard let facts = model.type5, String(validating: bytes, as: UTF8.self) != nil else { return nil }
        let digits = facts.blockSize * 2
        let lines = TextLines.split(String(decoding: bytes, as: UTF8.self)).map {
            ($0.number, TextLines.trimming($0.text, leading: [" ", "\t"], trailing: ["\r", " ", "\t"]))
        }.filter { !$0.1.isEmpty }
        func isBlock(_ text: Substring) -> Bool {
            text.utf8.count == digits
                && text.utf8.allSatisfy { byte in
                    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
                }
        }
        guard !lines.isEmpty, lines.filter({ isBlock($0.1) }).count * 2 >= lines.count else { return nil }
        if let bad = lines.first(where: { !isBlock($0.1) }) {
            return "line \(bad.0) is not one block of \(digits) hex digits (it has \(bad.1.count) characters)"
        }
        return "it has \(lines.count) block lines; \(model.withArticle) has \(facts.blockCount)"
    }
}
