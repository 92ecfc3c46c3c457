import TagCatalog
import TapCardSupport

/// Flipper Zero's file for a MIFARE Classic card (`Device type: Mifare Classic`), as its
/// firmware's `lib/nfc/protocols/mf_classic/mf_classic.c` writes it (data format version 2):
///
/// ```
/// Filetype: Flipper NFC device
/// Version: 4
/// Device type: Mifare Classic
/// UID: 8A 5C 2E 1B
/// ATQA: 00 04                      (most significant byte first)
/// SAK: 08
/// Mifare Classic type: 1K          (or 4K)
/// Data format version: 2
/// Block 0: 8A 5C 2E 1B E3 08 04 00 00 00 00 00 00 00 00 00
/// Block 3: FF FF FF FF FF FF FF 07 80 69 FF FF FF FF FF FF
/// ```
///
/// Every block of the card has its line; `??` stands for a byte the Flipper could not read (a
/// sector whose keys it did not find). TapCard keeps such a byte unknown
/// (``EmulatedClassicTag/unknownBytes``: no key made of it authenticates, no read returns it) and
/// writes it back as `??`. Block 0 says the UID's length where its layout does, else the `UID`
/// line (``ClassicUIDLength``); the blocks present say the model, and a `Mifare Classic type` that
/// names another is reported (``ClassicDump/headerModelNote``). Files of version 2 wrote the ATQA least significant byte first, later
/// ones most significant byte first (`header(_:)` reads both).
/// Read from the firmware source and published dumps, not from a file a Flipper saved here:
/// UNVERIFIED against a device.
public enum ClassicFlipperFile {
    public static let deviceType = "Mifare Classic"

    /// True when `text` is a Flipper file whose device type is Mifare Classic.
    public static func isClassic(_ text: String) -> Bool {
        TextLines.flipperDeviceType(text) == deviceType
    }

    public static func encode(_ tag: EmulatedClassicTag) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var lines = [
            "Filetype: Flipper NFC device", "Version: 4",
            "# TapCard virtual tag: the emulator reads and writes this file (Flipper Zero's Mifare Classic format).",
            "Device type: \(deviceType)", "UID: \(hex(tag.uid))", "# ISO14443-3A specific data",
            "ATQA: \(hex(tag.atqa.reversed()))", "SAK: \(hex([tag.sak]))", "# Mifare Classic specific data",
            "Mifare Classic type: \(tag.facts.flipperType)", "Data format version: 2",
            "# Mifare Classic blocks, '??' means unknown data",
        ]
        for (index, block) in tag.blocks.enumerated() {
            let bytes = block.enumerated().map { offset, byte in
                tag.isKnown(block: index, byte: offset) ? hex([byte]) : "??"
            }
            lines.append("Block \(index): \(bytes.joined(separator: " "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func decode(_ text: String, path: String = "the virtual tag") throws(EmulatorError)
        -> EmulatedClassicTag
    {
        let dump: ClassicDump
        do {
            dump = try parse(text)
        } catch {
            throw .malformedClassicFile(path: path, error)
        }
        return try dump.tag()
    }

    /// The dump: header, model and every block, `??` as unknown bytes.
    public static func parse(_ text: String) throws(ClassicFileError) -> ClassicDump {
        let fields = try ClassicFileError.reading(try FlipperFileFields(text))
        let device = try ClassicFileError.reading(try fields.required("Device type"))
        guard device.value == deviceType else {
            throw .badValue(line: device.line, key: "Device type", reason: "this reader takes Mifare Classic files")
        }
        let uid = try ClassicFileError.reading(try fields.required("UID").hex(count: [4, 7]))
        let version = try ClassicFileError.reading(try fields.number("Version", in: 0...1000)) ?? 4
        let atqa = try ClassicFileError.reading(try fields.hex("ATQA", count: [2]))
        let sak = try ClassicFileError.reading(try fields.hex("SAK", count: [1]))
        let type = try ClassicFileError.reading(try fields.required("Mifare Classic type"))
        guard let named = EmulatedClassicTag.supportedModels.first(where: { $0.classic?.flipperType == type.value })
        else {
            throw .badValue(line: type.line, key: "Mifare Classic type", reason: "TapCard emulates 1K and 4K")
        }
        // The blocks present say the model; the type line is what the tool said, reported where
        // it disagrees.
        let counts = EmulatedClassicTag.supportedModels.compactMap { $0.classic?.blocks }
        let most = counts.max() ?? 256
        var highest = -1
        for field in fields.ordered where field.key.hasPrefix("Block ") {
            let digits = field.key.dropFirst(6)
            guard digits.utf8.count <= 4, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(digits)
            else { continue }
            guard number < most else {
                throw .badValue(
                    line: field.line, key: field.key, reason: "beyond the card (a MIFARE Classic 4K has \(most) blocks)"
                )
            }
            highest = max(highest, number)
        }
        guard let model = EmulatedClassicTag.supportedModels.first(where: { highest < ($0.classic?.blocks ?? 0) }),
            let facts = model.classic
        else { throw .syntax(.missingField("Block 0")) }
        var blocks: [[UInt8?]] = []
        for number in 0..<facts.blocks {
            guard let field = fields["Block \(number)"] else {
                throw .missingBlock(block: number, model: model.displayName, blocks: facts.blocks, found: highest)
            }
            blocks.append(try block(field.value, number: number, line: field.line))
        }
        let modelNote =
            named == model
            ? nil
            : "line \(type.line) says 'Mifare Classic type: \(type.value)' (\(named.withArticle)), but the file holds blocks 0 to \(facts.blocks - 1), \(model.withArticle)'s; the card is the \(model.displayName) its blocks make"
        return ClassicDump(
            format: .flipper, model: model, headerUID: uid,
            // Version 2 files wrote the ATQA least significant byte first.
            headerATQA: atqa.map { version < 3 ? Array($0.reversed()) : $0 }, headerSAK: sak?.first,
            headerModelNote: modelNote, blocks: blocks)
    }

    /// 16 bytes from `00 11 ?? …`, `nil` for `??`.
    private static func block(_ value: String, number: Int, line: Int) throws(ClassicFileError) -> [UInt8?] {
        let tokens = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var bytes: [UInt8?] = []
        for (index, token) in tokens.enumerated() {
            if token == "??" {
                bytes.append(nil)
            } else if token.utf8.count == 2, token.allSatisfy(\.isHexDigit), let byte = UInt8(token, radix: 16) {
                bytes.append(byte)
            } else {
                throw .badBlock(line: line, block: number, index: index)
            }
        }
        guard bytes.count == ClassicFacts.blockSize else {
            throw .badBlock(line: line, block: number, index: bytes.count)
        }
        return bytes
    }
}
