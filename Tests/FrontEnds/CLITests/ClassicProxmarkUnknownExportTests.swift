import Foundation
import Testing

/// `sim export --proxmark3` of a MIFARE Classic card holding bytes nobody knows (issue 40): the
/// export used to leave out every block holding one, silently, and the Proxmark3 client's loader
/// stops at the first block missing from `blocks`, so `hf mf eload` took a Flipper dump with key B
/// unknown as three blocks. Now every block is written, an unknown byte as 00 as `hf mf dump`
/// writes what it could not read, `SectorKeys` leaves out a key nobody knows, and the summary
/// and its JSON say which bytes were written as 00.
@Suite struct ClassicProxmarkUnknownExportTests {
    static let laundry = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/dumps/flipper-nfc/laundr-mfc1k.nfc").path

    static func blocks(_ path: String) throws -> [String: String] {
        let json = try CLIHome.object(try String(contentsOfFile: path, encoding: .utf8))
        return try #require(json["blocks"] as? [String: String])
    }

    static func sectorKeys(_ path: String) throws -> [String: [String: String]] {
        let json = try CLIHome.object(try String(contentsOfFile: path, encoding: .utf8))
        return try #require(json["SectorKeys"] as? [String: [String: String]])
    }

    @Test("A Flipper dump with key B unknown: every block written, key B as 00 and said, SectorKeys without it")
    func keyBUnknown() async throws {
        let home = try CLIHome("pm3-unknown")
        defer { home.remove() }
        let tag = home.path + "/laundry.nfc"
        #expect(await home.run(["sim", "import", Self.laundry, tag]).status == 0)
        let out = home.path + "/laundry.json"
        let exported = await home.run(["sim", "export", tag, "--proxmark3", out])
        #expect(exported.status == 0, "\(exported.io.errorOutput)")
        #expect(
            exported.io.errorOutput
                == "\(out): 24 bytes nobody knows written as 00, as 'hf mf dump' writes what it could not read (the format has no mark for them, and a Proxmark3 loading the file takes them as read): key B of sectors 0, 1, 2, 3 (blocks 3, 7, 11, 15, bytes 10–15).\n"
        )
        let blocks = try Self.blocks(out)
        #expect(Set(blocks.keys) == Set((0..<64).map(String.init)))
        #expect(blocks["3"] == "EEB706FC714F78778800000000000000")
        let keys = try Self.sectorKeys(out)
        for sector in 0..<4 {
            #expect(keys["\(sector)"]?["KeyB"] == nil, "sector \(sector)")
            #expect(keys["\(sector)"]?["KeyA"] == "EEB706FC714F")
        }
        #expect(keys["4"]?["KeyB"] != nil)
        let json = await home.run(["sim", "export", tag, "--proxmark3", home.path + "/again.json", "--json"])
        let zeros = try #require(try CLIHome.object(json.io.outputText)["proxmark3_unknown_written_as_zeros"] as? [Any])
        #expect(zeros.count == 4)
        let first = try #require(zeros.first as? [String: Int])
        #expect(first == ["block": 3, "first_byte": 10, "last_byte": 15])
        // The .eml refusal points to what --proxmark3 does now.
        let eml = await home.run(["sim", "export", tag, "--eml", home.path + "/laundry.eml"])
        #expect(eml.status == 1)
        #expect(eml.io.errorOutput.contains("--proxmark3 writes them as 00, as 'hf mf dump' does, and says which"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/laundry.eml"))
    }

    @Test("A .mct with key A, a whole block and two bytes unknown: each named, each 00 in the file")
    func mixedUnknowns() async throws {
        let home = try CLIHome("pm3-unknown-mct")
        defer { home.remove() }
        let card = home.path + "/card.nfc"
        #expect(await home.run(["sim", "new", "mifare-classic-1k", card, "--uid", "8A5C2E1B"]).status == 0)
        let mct = home.path + "/card.mct"
        #expect(await home.run(["sim", "export", card, "--mct", mct]).status == 0)
        var lines = try String(contentsOfFile: mct, encoding: .utf8).components(separatedBy: "\n")
        let sector1 = try #require(lines.firstIndex(of: "+Sector: 1"))
        lines[sector1 + 1] = String(repeating: "-", count: 32)
        var block5 = Array(lines[sector1 + 2])
        block5.replaceSubrange(4..<8, with: "----")
        lines[sector1 + 2] = String(block5)
        let trailer = lines[sector1 + 4]
        lines[sector1 + 4] = String(repeating: "-", count: 12) + trailer.dropFirst(12)
        let edited = home.path + "/edited.mct"
        try lines.joined(separator: "\n").write(toFile: edited, atomically: true, encoding: .utf8)
        let out = home.path + "/edited.json"
        let exported = await home.run(["sim", "export", edited, "--proxmark3", out])
        #expect(exported.status == 0, "\(exported.io.errorOutput)")
        #expect(
            exported.io.errorOutput.hasSuffix(
                ": block 4 whole; bytes 2–3 of block 5; key A of sector 1 (block 7, bytes 0–5).\n"),
            "\(exported.io.errorOutput)")
        #expect(exported.io.errorOutput.contains("\(out): 24 bytes nobody knows written as 00"))
        let blocks = try Self.blocks(out)
        #expect(blocks.count == 64)
        #expect(blocks["4"] == String(repeating: "0", count: 32))
        #expect(blocks["5"].map { String(Array($0)[4..<8]) == "0000" } == true)
        #expect(blocks["7"] == String(repeating: "0", count: 12) + trailer.dropFirst(12))
        #expect(try Self.sectorKeys(out)["1"]?["KeyA"] == nil)
        #expect(try Self.sectorKeys(out)["1"]?["KeyB"] == "FFFFFFFFFFFF")
    }

    @Test("A card with every byte known: no note, an empty list, and the same bytes back through the dump")
    func nothingUnknown() async throws {
        let home = try CLIHome("pm3-known")
        defer { home.remove() }
        let card = home.path + "/card.nfc"
        #expect(await home.run(["sim", "new", "mifare-classic-4k", card, "--uid", "8A5C2E1B"]).status == 0)
        let out = home.path + "/card.json"
        let exported = await home.run(["sim", "export", card, "--proxmark3", out, "--json"])
        #expect(exported.status == 0)
        #expect(exported.io.errorOutput.isEmpty)
        let zeros = try CLIHome.object(exported.io.outputText)["proxmark3_unknown_written_as_zeros"] as? [Any]
        #expect(zeros?.isEmpty == true)
        #expect(try Self.blocks(out).count == 256)
        let back = home.path + "/back.nfc"
        #expect(await home.run(["sim", "import", out, back]).status == 0)
        #expect(await home.run(["sim", "export", card, "--bin", home.path + "/a.bin"]).status == 0)
        #expect(await home.run(["sim", "export", back, "--bin", home.path + "/b.bin"]).status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: home.path + "/a.bin"))
                == Data(contentsOf: URL(fileURLWithPath: home.path + "/b.bin")))
    }
}
