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

    @Test func exportThenImportKeepsEveryByteThroughMCTAndEMLOn1KAnd4K() async throws {
        let home = try CLIHome("classic-dump-mct-eml")
        defer { home.remove() }
        for image in ["libnfc-mfd/mfc1k.mfd", "libnfc-mfd/zhovner-4k.mfd"] {
            let original = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + image))
            let card = home.path + "/card.nfc"
            #expect(await home.run(["sim", "import", Self.fixtures + "/" + image, card, "--force"]).status == 0)
            let exported = await home.run([
                "sim", "export", card, "--mct", home.path + "/card.mct", "--eml", home.path + "/card.eml", "--force",
            ])
            #expect(exported.status == 0, "\(image): \(exported.io.errorOutput)")
            #expect(exported.io.outputText.contains("as a MIFARE Classic Tool dump"))
            #expect(exported.io.outputText.contains("as a Proxmark3 .eml dump"))
            for source in ["card.mct", "card.eml"] {
                let back = home.path + "/back.nfc"
                let imported = await home.run(["sim", "import", home.path + "/" + source, back, "--force", "--json"])
                #expect(imported.status == 0, "\(image) \(source): \(imported.io.errorOutput)")
                let format = try CLIHome.object(imported.io.outputText)["dump_format"] as? String
                #expect(format == (source == "card.mct" ? "mct" : "proxmark3-eml"))
                let bin = home.path + "/back.bin"
                #expect(await home.run(["sim", "export", back, "--bin", bin, "--force"]).status == 0)
                #expect(try Data(contentsOf: URL(fileURLWithPath: bin)) == original, "\(image) \(source)")
            }
        }
    }

    @Test func anEMLOfACardWithUnknownBytesIsRefusedAndNoFileIsWritten() async throws {
        let home = try CLIHome("classic-dump-eml-unknown")
        defer { home.remove() }
        let card = home.path + "/laundry.nfc"
        #expect(await home.run(["sim", "import", Self.fixtures + "/flipper-nfc/laundr-mfc1k.nfc", card]).status == 0)
        let mct = home.path + "/laundry.mct"
        let eml = home.path + "/laundry.eml"
        let refused = await home.run(["sim", "export", card, "--mct", mct, "--eml", eml])
        #expect(refused.status == 1)
        #expect(refused.io.errorOutput.contains("sectors 0, 1, 2, 3; a Proxmark3 .eml dump has no mark for them"))
        // Every file is checked before the first is written: the .mct is not written either.
        #expect(!FileManager.default.fileExists(atPath: mct))
        #expect(!FileManager.default.fileExists(atPath: eml))
        // The .mct alone keeps the unknown keys as dashes, and reads back with them unknown.
        #expect(await home.run(["sim", "export", card, "--mct", mct]).status == 0)
        let text = try String(contentsOfFile: mct, encoding: .utf8)
        #expect(text.contains("EEB706FC714F78778800------------"))
        let back = await home.run(["sim", "import", mct, home.path + "/back.nfc", "--json"])
        #expect(try CLIHome.object(back.io.outputText)["key_b_unknown_sectors"] as? [Int] == [0, 1, 2, 3])
        // An existing file is kept without --force.
        let kept = await home.run(["sim", "export", card, "--mct", mct])
        #expect(kept.status != 0)
        #expect(try String(contentsOfFile: mct, encoding: .utf8) == text)
        // --mct and --eml write MIFARE Classic cards only.
        let ntag = try await home.newTag("ntag215", "ntag.nfc")
        let wrong = await home.run(["sim", "export", ntag, "--eml", home.path + "/ntag.eml"])
        #expect(wrong.status == 64)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/ntag.eml"))
    }

    @Test func aRealProxmark3JSONDumpImportsReadsAndInfosWithItsFacts() async throws {
        let home = try CLIHome("classic-dump-pm3-real")
        defer { home.remove() }
        let dump = Self.fixtures + "/proxmark3/bambu-2D96E03B-mfc1k.json"
        let imported = await home.run(["sim", "import", dump, home.path + "/spool.nfc", "--json"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let json = try CLIHome.object(imported.io.outputText)
        #expect(json["uid"] as? String == "2d96e03b")
        #expect(json["dump_format"] as? String == "proxmark3-json")
        #expect(json["key_a_unknown_sectors"] as? [Int] == [])
        #expect(json["key_b_unknown_sectors"] as? [Int] == [])
        let info = await home.run(["info", "--tag", dump])
        #expect(info.status == 0, "\(info.io.errorOutput)")
        #expect(info.io.outputText.contains("Chip: MIFARE Classic 1K"))
        #expect(info.io.outputText.contains("UID: 2D:96:E0:3B"))
        // Its keys are private: no public key (transport, MAD, NDEF) opens a sector, so no MAD is read.
        for sector in 0..<16 {
            #expect(info.io.outputText.contains("Sector \(sector): no key tried opens it (a private key A)."))
        }
        let read = await home.run(["read", "--tag", dump])
        #expect(read.status == 0, "\(read.io.errorOutput)")
        #expect(read.io.outputText.contains("not formatted"))
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
