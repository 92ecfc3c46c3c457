import TagCatalog
import TapCardSupport

/// Proxmark3's `.eml` dump (the emulator memory `hf mf eload` takes): one block a line, 32 hex
/// digits, block 0 first, keys in the trailers. Nothing else: no header, so the size (64 or 256
/// lines) or `--model` says the model and block 0 the UID's length.
public enum ProxmarkClassicEML {
    /// True when every line that is not blank is 32 hex digits, and there is at least one.
    public static func isEML(_ text: String) -> Bool {
        let lines = ClassicDumps.lines(text).filter { !$0.text.isEmpty }
        return !lines.isEmpty
            && lines.allSatisfy { line in
                line.text.utf8.count == 32 && line.text.utf8.allSatisfy { ClassicDumps.hexValue($0) != nil }
            }
    }

    public static func parse(_ text: String, model given: TagModel?) throws(ClassicDumpError) -> ClassicDump {
        var blocks: [[UInt8?]] = []
        let most = EmulatedClassicTag.supportedModels.compactMap { $0.classic?.blocks }.max() ?? 256
        for line in ClassicDumps.lines(text) where !line.text.isEmpty {
            guard blocks.count < most else { throw .blockOutOfRange(block: blocks.count, blocks: most) }
            blocks.append(try ClassicDumps.block(line.text, line: line.number, block: blocks.count, dashes: false))
        }
        let model = try ClassicDumps.model(blockCount: blocks.count, given: given)
        guard let facts = model.classic, blocks.count == facts.blocks else {
            let counts = EmulatedClassicTag.supportedModels.compactMap { $0.classic?.blocks }
            if let given, let facts = given.classic {
                throw .modelMismatch(
                    found: blocks.count, unit: "blocks", model: given.displayName, expected: facts.blocks)
            }
            throw .wrongSize(found: blocks.count, unit: "blocks", expected: counts)
        }
        return ClassicDump(
            format: .proxmark3EML, model: model, blocks: blocks)
    }

    /// The card as the client's `saveFileEML` writes it (`client/src/fileutils.c`): one block a
    /// line, upper-case hex, LF between lines and none after the last; `nil` when a byte is
    /// unknown (the format has no mark for one, and `hf mf eload` would load any stand-in as if
    /// it were read).
    public static func encode(_ tag: EmulatedClassicTag) -> String? {
        guard tag.unknownBytes.isEmpty else { return nil }
        return tag.blocks.map { Hex.encode($0, uppercase: true) }.joined(separator: "\n")
    }
}
