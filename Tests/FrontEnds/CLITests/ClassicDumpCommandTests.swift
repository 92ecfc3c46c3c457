import Foundation
import Testing

/// `sim import`, `sim export`, `read --tag` and `info --tag` on MIFARE Classic dumps of other tools.
@Suite struct ClassicDumpCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/dumps").path

    @Test func aRealFlipperDumpImportsWithItsUnknownKeysNamed() async throws {
        let home = try CLIHome("classic-dump-flipper")
        defer { home.remove() }
        let out = home.path + "/card.nfc"
        let imported = await home.run(["sim", "import", Self.fixtures + "/flipper-nfc/laundr-mfc1k.nfc", out, "--json"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let json = try CLIHome.object(imported.io.outputText)
        #expect(json["uid"] as? String == "2bb991b5")
        #expect(json["key_b_unknown_sectors"] as? [Int] == [0, 1, 2, 3])
        #expect(json["dump_format"] as? String == "flipper")
    }

    @Test func exportThenImportKeepsEveryByteThroughProxmark3AndFlipper() async throws {
        let home = try CLIHome("classic-dump-roundtrip")
        defer { home.remove() }
        let image = Self.fixtures + "/libnfc-mfd/mfc1k.mfd"
        let card = home.path + "/card.nfc"
        #expect(await home.run(["sim", "import", image, card]).status == 0)
        let exported = await home.run([
            "sim", "export", card, "--proxmark3", home.path + "/card.json", "--flipper", home.path + "/flipper.nfc",
        ])
        #expect(exported.status == 0, "\(exported.io.errorOutput)")
        for (source, name) in [("card.json", "a.nfc"), ("flipper.nfc", "b.nfc")] {
            let back = await home.run(["sim", "import", home.path + "/" + source, home.path + "/" + name])
            #expect(back.status == 0, "\(back.io.errorOutput)")
            #expect(
                await home.run(["sim", "export", home.path + "/" + name, "--bin", home.path + "/" + name + ".bin"])
                    .status == 0)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: home.path + "/" + name + ".bin"))
            #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: image))), "\(source)")
        }
    }

    @Test func aDumpIsReadInPlaceAndNeverWritten() async throws {
        let home = try CLIHome("classic-dump-read")
        defer { home.remove() }
        let dump = home.path + "/card.mfd"
        try FileManager.default.copyItem(atPath: Self.fixtures + "/libnfc-mfd/mfc1k.mfd", toPath: dump)
        let before = try Data(contentsOf: URL(fileURLWithPath: dump))
        let info = await home.run(["info", "--tag", dump])
        #expect(info.status == 0, "\(info.io.errorOutput)")
        #expect(info.io.outputText.contains("9A:1B:84:64"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dump)) == before)
        // An NDEF-formatted card as a Proxmark3 dump: the write is refused, the file kept.
        let card = try await home.newTag("mifare-classic-1k", "card.nfc")
        let json = home.path + "/card.json"
        #expect(await home.run(["sim", "export", card, "--proxmark3", json]).status == 0)
        let kept = try Data(contentsOf: URL(fileURLWithPath: json))
        let write = await home.run(["write", "--tag", json, "uri", "https://example.com"])
        #expect(write.status == 1)
        #expect(write.io.errorOutput.contains("never changes"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: json)) == kept)
        let read = await home.run(["read", "--tag", json])
        #expect(read.status == 0, "\(read.io.errorOutput)")
    }

    @Test func aTruncatedDumpIsRefusedWith65AndLeavesNothing() async throws {
        let home = try CLIHome("classic-dump-truncated")
        defer { home.remove() }
        let cut = home.path + "/cut.json"
        try Data("{\"Created\": \"proxmark3\", \"FileType\": \"mfc v2\", \"blocks\": {\"0\": \"8A5C".utf8)
            .write(to: URL(fileURLWithPath: cut))
        let out = home.path + "/card.nfc"
        let result = await home.run(["sim", "import", cut, out])
        #expect(result.status == 65)
        #expect(result.io.errorOutput.contains("Proxmark3 JSON dump"))
        #expect(result.io.errorOutput.contains("byte"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let eml = home.path + "/short.eml"
        try Data((String(repeating: "00", count: 16) + "\n").utf8).write(to: URL(fileURLWithPath: eml))
        let short = await home.run(["sim", "import", eml, out])
        #expect(short.status == 65)
        #expect(short.io.errorOutput.contains("1 blocks"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
