import Foundation
import TagCatalog
import TagEmulator
import TapCardSupport
import TestSupport
import Testing

/// Proxmark3 `hf mfu dump` files: the JSON as RfidResearchGroup/proxmark3's `fileutils.c`
/// writes it, the `.bin` with its 56-byte header and the `.eml`.
@Suite struct Proxmark3MFUTests {
    static let dumps = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/dumps")

    func fixture(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.dumps.appendingPathComponent(path)))
    }

    @Test func readsTheNTAG213Dump() throws {
        let dump = try Proxmark3MFU.parse(try fixture("proxmark3/sasquach-ntag213.json"))
        #expect(dump.model == .ntag213)
        #expect(dump.uid == [0x04, 0x5E, 0xC8, 0xBA, 0x07, 0x4F, 0x81])
        #expect(dump.pages.count == 45)
        #expect(dump.counters == [0, 0, 0])
        #expect(dump.tearingFlags == [0, 0, 0xBD])
        let tag = try EmulatedTag(dump: dump)
        // The NDEF TLV at byte 16 + 5 holds the 24-byte URI record of talkingsasquach.com.
        #expect(Array(tag.memory[21..<23]) == [0x03, 24])
    }

    @Test func agreesWithTheFlipperFileItWasMadeFrom() throws {
        let flipper = try FlipperNFC.parse(
            String(
                contentsOf: Self.dumps.deletingLastPathComponent()
                    .appendingPathComponent("type2-real/real_talking_sasquach_ntag213/source.nfc"), encoding: .utf8))
        let proxmark3 = try Proxmark3MFU.parse(try fixture("proxmark3/sasquach-ntag213.json"))
        #expect(proxmark3.pages == flipper.pages)
        #expect(proxmark3.signature == flipper.signature)
        #expect(proxmark3.getVersion == flipper.getVersion)
    }

    /// Every byte the format carries survives render → parse, for each Type 2 model.
    @Test(arguments: [TagModel.ntag213, .ntag215, .ntag216, .ultralight, .ultralightEV1_48, .ultralightC, .ntag203])
    func roundTripKeepsEveryByte(model: TagModel) throws {
        let tag = EmulatedTag(model: model, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
        var memory = tag.memory
        for index in 16..<memory.count { memory[index] = UInt8(truncatingIfNeeded: index * 7) }
        let filled = EmulatedTag(image: memory, model: model)
        filled.signature = (0..<32).map { UInt8($0) }
        if filled.counters.count == 3 { filled.counters = [1, 0x0203, 0x04_0506] }
        let dump = FlipperDump(tag: filled)
        let again = try Proxmark3MFU.parse(Array(Proxmark3MFU.render(dump).utf8))
        #expect(again.model == model)
        #expect(again.pages == dump.pages)
        #expect(again.signature == dump.signature)
        #expect(again.counters == dump.counters)
        #expect(again.tearingFlags == dump.tearingFlags)
        #expect(try EmulatedTag(dump: again).memory == memory)
    }

    /// Older clients wrote `Tearing`, `Pack` and `"Counter": "N/A"`: read with zero counters.
    @Test func readsTheOlderCardFields() throws {
        let blocks = (0..<16).map { "\"\($0)\": \"\($0 == 0 ? "04112233" : $0 == 1 ? "44556677" : "00000000")\"" }
        let text = """
            {"Created": "proxmark3", "FileType": "mfu", "Card": {"UID": "04112244556677", "Version": "0000000000000000",
             "TBO_0": "0000", "Tearing": "000000", "Pack": "0000", "TBO_1": "00", "Signature": "\(String(repeating: "0", count: 64))",
             "Counter": "N/A"}, "blocks": {\(blocks.joined(separator: ", "))}}
            """
        let dump = try Proxmark3MFU.parse(Array(text.utf8))
        #expect(dump.model == .ultralight)
        #expect(dump.counters == [0, 0, 0])
    }

    @Test func readsTheBinaryWithItsHeaderAndTheEML() throws {
        let tag = try EmulatedTag(dump: try Proxmark3MFU.parse(try fixture("proxmark3/sasquach-ntag213.json")))
        var header = [UInt8](repeating: 0, count: Proxmark3MFU.binaryHeaderLength)
        header.replaceSubrange(0..<8, with: TagModel.ntag213.type2Layout?.version ?? [])
        header[11] = 44
        header.replaceSubrange(12..<44, with: tag.signature)
        header.replaceSubrange(52..<56, with: [0x2A, 0x00, 0x00, 0xBD])
        let binary = try #require(Proxmark3MFU.image(header + tag.memory, model: .ntag213))
        #expect(binary.memory == tag.memory)
        #expect(binary.signature == tag.signature)
        #expect(binary.counters == [0, 0, 42])
        let eml = stride(from: 0, to: tag.memory.count, by: 4).map {
            Hex.encode(Array(tag.memory[$0..<$0 + 4]), uppercase: false)
        }.joined(separator: "\r\n")
        #expect(try #require(Proxmark3MFU.image(Array(eml.utf8), model: .ntag213)).memory == tag.memory)
        #expect(Proxmark3MFU.image([1, 2, 3], model: .ntag213) == nil)
    }

    @Test(arguments: [
        (#"[1]"#, Proxmark3DumpError.notProxmark3Dump),
        (#"{"FileType": "mfc v2"}"#, .unsupportedFileType("mfc v2")),
        (#"{"FileType": "mfu"}"#, .missingField("Card")),
        (#"{"FileType": "mfu", "Card": {}}"#, .missingField("blocks")),
        (#"{"FileType": "mfu", "Card": {}, "blocks": {"0": "00000000"}}"#, .missingField("Card.UID")),
        (
            #"{"FileType": "mfu", "Card": {"UID": "0411"}, "blocks": {}}"#,
            .badHexField("Card.UID", expectedBytes: [4, 7, 10], found: "0411")
        ),
        (
            #"{"FileType": "mfu", "Card": {}, "blocks": {"0": "00", "1": "00000000"}}"#,
            .badHexField("blocks.0", expectedBytes: [4], found: "\"00\"")
        ),
        (#"{"FileType": "mfu", "Card": {}, "blocks": {"0": "00000000", "2": "00000000"}}"#, .missingBlock(1, count: 2)),
        (#"{"FileType": "mfu", "Card": {}, "blocks": {"0": "00000000", "0": "00000000"}}"#, .duplicateBlock(0)),
        (#"{"FileType": "mfu", "Card": {}, "blocks": {"x": "00000000"}}"#, .badBlockName("x")),
        (
            #"{"FileType": "mfu", "Card": {"UID": "04112244556677"}, "blocks": {"0": "00000000"}}"#,
            .unknownChip(version: [0, 0, 0, 0, 0, 0, 0, 0], pages: 1)
        ),
    ])
    func refusesWhatCannotBeATag(text: String, error: Proxmark3DumpError) {
        #expect(throws: error) { try Proxmark3MFU.parse(Array(text.utf8)) }
    }

    @Test func refusesATruncatedDumpWithItsLine() throws {
        let bytes = try fixture("proxmark3/sasquach-ntag213.json")
        #expect(throws: Proxmark3DumpError.json(.truncated(expected: "the closing '\"'", line: 62, offset: 1373))) {
            try Proxmark3MFU.parse(Array(bytes.prefix(1373)))
        }
    }
}

/// The inputs the proxmark3 fuzz target broke, replayed: each parses to a dump that renders and
/// parses back to the same dump.
@Suite struct Proxmark3FuzzRegressionTests {
    @Test(arguments: FuzzRegressions.names("proxmark3"))
    func replays(name: String) throws {
        let input = try FuzzRegressions.bytes("proxmark3", name)
        // Each input here broke the round trip, so each parses.
        let dump = try Proxmark3MFU.parse(input)
        let again = try Proxmark3MFU.parse(Array(Proxmark3MFU.render(dump).utf8))
        #expect(again.pages == dump.pages && again.signature == dump.signature && again.getVersion == dump.getVersion)
        #expect(again.counters == dump.counters && again.model == dump.model && again.uid == dump.uid)
    }
}
