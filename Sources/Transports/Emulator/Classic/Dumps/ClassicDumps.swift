import TagCatalog

/// Recognises a MIFARE Classic dump from its content and reads it: a Flipper Zero `.nfc` file,
/// a Proxmark3 JSON or `.eml` dump, a MIFARE Classic Tool `.mct` dump, or a raw image
/// (Proxmark3 `.bin`, libnfc `.mfd`).
///
/// The tests, in order: a file whose first text is `Filetype:` is Flipper's (a Classic one only
/// when its device type says so); `{` begins a JSON dump (Proxmark3's, when its `FileType` is one
/// of a MIFARE Classic); a `+Sector:` line makes an MCT dump; lines of 32 hex digits an `.eml`;
/// a file of exactly 1024 or 4096 bytes that is none of these is a raw image.
public enum ClassicDumps {
    /// The format of `bytes`, `nil` when they are no MIFARE Classic dump TapCard reads.
    public static func recognise(_ bytes: [UInt8]) -> ClassicDumpFormat? {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = ClassicDumps.lines(text)
        // The first line that is neither blank nor a comment: a Flipper or TapCard file (even one
        // of exactly 1024 bytes) is never taken for a raw image.
        let first = lines.first { !$0.text.isEmpty && $0.text.first != "#" }?.text ?? ""
        if first.hasPrefix("Filetype:") { return ClassicFlipperFile.isClassic(text) ? .flipper : nil }
        if first.hasPrefix("{") { return ProxmarkClassicJSON.isClassic(bytes) ? .proxmark3JSON : nil }
        if MCTClassicFile.isMCT(text) { return .mct }
        if ProxmarkClassicEML.isEML(text) { return .proxmark3EML }
        if ClassicRawImage.sizes.contains(bytes.count) { return .rawImage }
        return nil
    }

    /// Reads `bytes` as a dump of `format`; `model` (a MIFARE Classic 1K or 4K) settles the size
    /// of a file that does not say it.
    public static func read(_ bytes: [UInt8], as format: ClassicDumpFormat, model: TagModel? = nil, path: String)
        throws(EmulatorError) -> ClassicDump
    {
        if let model { try EmulatedClassicTag.check(model: model) }
        do {
            return try parse(bytes, as: format, model: model)
        } catch {
            throw .malformedClassicDump(path: path, format: format, error)
        }
    }

    private static func parse(_ bytes: [UInt8], as format: ClassicDumpFormat, model: TagModel?)
        throws(ClassicDumpError) -> ClassicDump
    {
        let text = String(decoding: bytes, as: UTF8.self)
        switch format {
        case .flipper:
            do {
                return try ClassicFlipperFile.parse(text)
            } catch {
                throw .flipper(error)
            }
        case .proxmark3JSON: return try ProxmarkClassicJSON.parse(bytes, model: model)
        case .proxmark3EML: return try ProxmarkClassicEML.parse(text, model: model)
        case .mct: return try MCTClassicFile.parse(text, model: model)
        case .rawImage: return try ClassicRawImage.parse(bytes, model: model)
        }
    }

    /// Blocks of the model with `blockCount` blocks; `model` must agree when given.
    static func model(blockCount: Int, given model: TagModel?, unit: String = "blocks") throws(ClassicDumpError)
        -> TagModel
    {
        let counts = EmulatedClassicTag.supportedModels.compactMap { $0.classic?.blocks }
        if let model, let facts = model.classic {
            guard blockCount <= facts.blocks else {
                throw .modelMismatch(found: blockCount, unit: unit, model: model.displayName, expected: facts.blocks)
            }
            return model
        }
        guard let found = EmulatedClassicTag.supportedModels.first(where: { blockCount <= ($0.classic?.blocks ?? 0) })
        else { throw .wrongSize(found: blockCount, unit: unit, expected: counts) }
        return found
    }

    /// The sector of `block` (MF1S70yyX §8.6: 32 sectors of 4 blocks, then 8 of 16).
    static func sector(ofBlock block: Int) -> Int { block < 128 ? block / 4 : 32 + (block - 128) / 16 }
    static func firstBlock(ofSector sector: Int) -> Int { sector < 32 ? sector * 4 : 128 + (sector - 32) * 16 }
    static func blocksInSector(_ sector: Int) -> Int { sector < 32 ? 4 : 16 }

    /// 16 bytes from 32 hex digits, `-` (when `dashes`) for an unknown digit: a byte with one is unknown.
    static func block(_ text: Substring, line: Int, block: Int, dashes: Bool) throws(ClassicDumpError) -> [UInt8?] {
        let digits = Array(text.utf8)
        guard digits.count == 32 else {
            throw .badBlock(line: line, block: block, reason: "\(digits.count) characters, not 32 hex digits")
        }
        var bytes: [UInt8?] = []
        for index in stride(from: 0, to: 32, by: 2) {
            let pair = (digits[index], digits[index + 1])
            if dashes,
                pair.0 == 0x2D && (pair.1 == 0x2D || hexValue(pair.1) != nil)
                    || pair.1 == 0x2D && hexValue(pair.0) != nil
            {
                // MIFARE Classic Tool takes '-' for a digit it could not read; a byte with one is
                // unknown (MCTClassicFile names a half-known one).
                bytes.append(nil)
                continue
            }
            guard let high = hexValue(pair.0), let low = hexValue(pair.1) else {
                throw .badBlock(line: line, block: block, reason: "byte \(index / 2) is not two hex digits")
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x41...0x46: digit - 0x41 + 10
        case 0x61...0x66: digit - 0x61 + 10
        default: nil
        }
    }

    /// The lines (``TextLines``) with surrounding blanks and a byte order mark dropped, numbered from 1.
    static func lines(_ text: String) -> [(number: Int, text: Substring)] {
        TextLines.split(text).map { number, line in
            (number, TextLines.trimming(line, leading: [" ", "\t", "\u{FEFF}"], trailing: ["\r", " ", "\t"]))
        }
    }
}
