import Foundation
import Testing

/// The second hostile newcomer pass over the dump commands (issue 40): values a file holds were
/// dropped or contradicted without a word, a half-known byte and files with nothing in them were
/// misnamed, and a refused `copy` from an NTAG 424 DNA advanced its read counter twice.
@Suite struct DumpSecondPassFindingsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/dumps")

    static func fixture(_ path: String) -> String { fixtures.appendingPathComponent(path).path }

    @Test(
        "Block 0's SAK that is not the card's is said, on import (text, JSON) and on read",
        arguments: [
            ("libnfc-mfd/mfc1k.mfd", "block 0's SAK 88 is not a MIFARE Classic 1K's 08"),
            ("libnfc-mfd/zhovner-4k.mfd", "block 0's SAK 98 is not a MIFARE Classic 4K's 18"),
        ])
    func block0SAK(fixture: String, note: String) async throws {
        let home = try CLIHome("block0-sak")
        defer { home.remove() }
        let dump = Self.fixture(fixture)
        let imported = await home.run(["sim", "import", dump, home.path + "/t.nfc"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(imported.io.outputText.contains(note), "\(imported.io.outputText)")
        let json = await home.run(["sim", "import", dump, home.path + "/j.nfc", "--json"])
        let notes = try #require(try CLIHome.object(json.io.outputText)["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix(note) }, "\(notes)")
        let info = await home.run(["info", "--tag", dump])
        #expect(info.io.errorOutput.contains(note), "\(info.io.errorOutput)")
    }

    @Test("A 1K image whose block 0 holds a 4K's SAK is a 1K by its blocks, and the SAK byte is said to name a 4K")
    func block0NamesAnotherModel() async throws {
        let home = try CLIHome("block0-4k")
        defer { home.remove() }
        var image = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.fixture("libnfc-mfd/mfc1k.mfd"))))
        image[5] = 0x18
        let path = home.path + "/cut.mfd"
        try Data(image).write(to: URL(fileURLWithPath: path))
        let imported = await home.run(["sim", "import", path, home.path + "/t.nfc"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(
            imported.io.outputText.contains(
                "block 0's SAK 18 names a MIFARE Classic 4K, but the dump holds 64 blocks, a MIFARE Classic 1K's"),
            "\(imported.io.outputText)")
        #expect(imported.io.outputText.contains("ATQA, SAK  00 04, 08"))
    }

    @Test("A Proxmark3 SectorKeys entry that contradicts its sector's trailer is said; the trailer's bytes stay")
    func sectorKeysContradictTrailer() async throws {
        let home = try CLIHome("sector-keys")
        defer { home.remove() }
        let tag = try await home.newTag("mifare-classic-1k", "c.nfc")
        let json = home.path + "/c.json"
        #expect(await home.run(["sim", "export", tag, "--proxmark3", json]).status == 0)
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        var keys = try #require(document["SectorKeys"] as? [String: Any])
        var sector1 = try #require(keys["1"] as? [String: Any])
        sector1["KeyA"] = "112233445566"
        keys["1"] = sector1
        document["SectorKeys"] = keys
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: json))
        let imported = await home.run(["sim", "import", json, home.path + "/t.nfc", "--json"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let object = try CLIHome.object(imported.io.outputText)
        let contradictions = try #require(object["header_contradictions"] as? [String])
        #expect(
            contradictions.contains {
                $0.hasPrefix(
                    "'$.SectorKeys.1.KeyA' is 112233445566 but block 7, sector 1's trailer, holds D3F7D3F7D3F7 there")
            }, "\(contradictions)")
        let sectors = try #require(object["sectors"] as? [[String: Any]])
        #expect(sectors[1]["key_a"] as? String == "NDEF key D3F7D3F7D3F7")
    }

    @Test(
        "A MIFARE Classic Tool byte half made of '-' is unknown, as the app takes it, and said with its line, block and byte"
    )
    func halfKnownMCTByte() async throws {
        let home = try CLIHome("mct-half")
        defer { home.remove() }
        let tag = try await home.newTag("mifare-classic-1k", "c.nfc")
        let mct = home.path + "/c.mct"
        #expect(await home.run(["sim", "export", tag, "--mct", mct]).status == 0)
        var lines = try String(contentsOfFile: mct, encoding: .utf8).components(separatedBy: "\n")
        let original = lines[2]
        lines[2] = "4-" + original.dropFirst(2)
        try lines.joined(separator: "\n").write(toFile: mct, atomically: true, encoding: .utf8)
        let out = home.path + "/out.nfc"
        let imported = await home.run(["sim", "import", mct, out, "--json"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let notes = try #require(try CLIHome.object(imported.io.outputText)["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix("line 3, block 1: byte 0 ('4-') is half known") }, "\(notes)")
        #expect(try CLIHome.object(imported.io.outputText)["unknown_sectors"] as? [Int] == [0])
        let read = await home.run(["info", "--tag", mct])
        #expect(read.io.errorOutput.contains("byte 0 ('4-') is half known"), "\(read.io.errorOutput)")
        // In block 0's UID a byte not read leaves no UID (the format has no header to give one):
        // refused, naming the byte.
        var uidLines = lines
        uidLines[1] = "01" + "2-" + uidLines[1].dropFirst(4)
        try uidLines.joined(separator: "\n").write(toFile: mct, atomically: true, encoding: .utf8)
        let noUID = await home.run(["sim", "import", mct, home.path + "/nouid.nfc"])
        #expect(noUID.status == 65, "\(noUID.io.errorOutput)")
        #expect(
            noUID.io.errorOutput.contains("byte 1 of its first 4 (the UID) is not in the dump"),
            "\(noUID.io.errorOutput)")
        // A digit that is neither hex nor '-' beside a '-' is no byte at all: refused, 65.
        lines[2] = "-Z" + original.dropFirst(2)
        try lines.joined(separator: "\n").write(toFile: mct, atomically: true, encoding: .utf8)
        let refused = await home.run(["sim", "import", mct, home.path + "/bad.nfc"])
        #expect(refused.status == 65, "\(refused.io.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/bad.nfc"))
    }

    @Test(
        "A file with nothing in it is called empty (65), not a broken Flipper file, by every verb that opens it",
        arguments: [
            ([UInt8](), "is empty (0 bytes)"), (Array("   \n\t\n".utf8), "its 6 bytes are blank lines"),
            ([0xEF, 0xBB, 0xBF], "its 3 bytes are blank lines"), (Array("\n\n".utf8), "its 2 bytes are blank lines"),
            (Array("# a comment\r\n".utf8), "its 13 bytes are blank lines"),
        ])
    func emptyFiles(bytes: [UInt8], sentence: String) async throws {
        let home = try CLIHome("empty-dump")
        defer { home.remove() }
        let path = home.path + "/dump.nfc"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for command in [
            ["sim", "import", path, home.path + "/out.nfc"], ["read", "--tag", path], ["info", "--tag", path],
            ["sim", "show", path],
        ] {
            let result = await home.run(command)
            #expect(result.status == 65, "\(command): \(result.io.errorOutput)")
            #expect(result.io.errorOutput.contains(sentence), "\(command): \(result.io.errorOutput)")
            #expect(!result.io.errorOutput.contains("Filetype"), "\(command): \(result.io.errorOutput)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.path + "/out.nfc"))
    }

    @Test(
        "A Flipper file whose header Version no firmware wrote (1, 5) is refused, 65, in every family; 2 to 4 read",
        arguments: ["mifare-classic-1k", "icode-slix2", "felica-lite-s", "ntag215"])
    func flipperHeaderVersion(model: String) async throws {
        let home = try CLIHome("flipper-version")
        defer { home.remove() }
        let tag = try await home.newTag(model, "t.nfc")
        let text = try String(contentsOfFile: tag, encoding: .utf8)
        #expect(text.contains("\nVersion: 4\n"))
        for (version, status) in [("1", Int32(65)), ("5", 65), ("40", 65), ("x", 65), ("3", 0)] {
            let dump = home.path + "/v\(version).nfc"
            try text.replacingOccurrences(of: "\nVersion: 4\n", with: "\nVersion: \(version)\n")
                .write(toFile: dump, atomically: true, encoding: .utf8)
            let out = home.path + "/out\(version).nfc"
            let imported = await home.run(["sim", "import", dump, out])
            #expect(imported.status == status, "\(model) Version \(version): \(imported.io.errorOutput)")
            if status == 65 {
                #expect(imported.io.errorOutput.contains("'Version"), "\(imported.io.errorOutput)")
                #expect(!FileManager.default.fileExists(atPath: out))
                #expect(await home.run(["read", "--tag", dump]).status == 65)
            }
        }
    }

    @Test(
        "sim export to two formats checks both outputs first: a refused second output leaves no first one",
        arguments: ["ntag213", "icode-slix2", "mifare-classic-1k"])
    func exportChecksEveryOutputFirst(model: String) async throws {
        let home = try CLIHome("export-two")
        defer { home.remove() }
        let tag = try await home.newTag(model, "t.nfc")
        let existing = home.path + "/exists.json"
        try "keep".write(toFile: existing, atomically: true, encoding: .utf8)
        let folder = home.path + "/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (second, status) in [(existing, Int32(1)), (folder, 74)] {
            let first = home.path + "/new.nfc"
            let result = await home.run(["sim", "export", tag, "--flipper", first, "--proxmark3", second])
            #expect(result.status == status, "\(model): \(result.io.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: first), "\(model): the first output was written")
        }
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep")
        // The tag itself as an output is refused even with --force, and the tag stays.
        let before = try String(contentsOfFile: tag, encoding: .utf8)
        let onto = await home.run(["sim", "export", tag, "--proxmark3", tag, "--force"])
        #expect(onto.status == 64, "\(model): \(onto.io.errorOutput)")
        #expect(try String(contentsOfFile: tag, encoding: .utf8) == before)
    }

    @Test("A Proxmark3 JSON dump that gives a member twice is refused, 65, naming it: which value counts is unknown")
    func duplicateJSONMembers() async throws {
        let home = try CLIHome("json-twice")
        defer { home.remove() }
        let mfu = try String(contentsOfFile: Self.fixture("proxmark3/sasquach-ntag213.json"), encoding: .utf8)
        let classic = try String(
            contentsOfFile: Self.fixture("proxmark3/bambu-2D96E03B-mfc1k.json"), encoding: .utf8)
        let zeros = String(repeating: "0", count: 64)
        for (text, member) in [
            (
                mfu.replacingOccurrences(
                    of: "\"Signature\": \"", with: "\"Signature\": \"\(zeros)\", \"Signature\": \""),
                "$.Card.Signature"
            ),
            (
                mfu.replacingOccurrences(
                    of: "\"FileType\": \"mfu\",", with: "\"FileType\": \"mfu\", \"FileType\": \"mfcard\","),
                "$.FileType"
            ),
            (
                classic.replacingOccurrences(of: "\"KeyA\": ", with: "\"KeyA\": \"FFFFFFFFFFFF\", \"KeyA\": "),
                ".KeyA"
            ),
        ] {
            #expect(text != mfu && text != classic, "\(member): the edit did not apply")
            let path = home.path + "/twice.json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let out = home.path + "/out.nfc"
            let imported = await home.run(["sim", "import", path, out])
            #expect(imported.status == 65, "\(member): \(imported.io.errorOutput)")
            #expect(imported.io.errorOutput.contains(member) && imported.io.errorOutput.contains("twice"))
            #expect(!FileManager.default.fileExists(atPath: out))
            #expect(await home.run(["info", "--tag", path]).status == 65)
        }
    }

    @Test("A trailer the dump did not read shows ?? and null, never the zeros standing for it")
    func unknownTrailerShownUnknown() async throws {
        let home = try CLIHome("unknown-trailer")
        defer { home.remove() }
        let tag = try await home.newTag("mifare-classic-1k", "c.nfc")
        let mct = home.path + "/c.mct"
        #expect(await home.run(["sim", "export", tag, "--mct", mct]).status == 0)
        // Sector 15 left out: MIFARE Classic Tool did not read it.
        let text = try String(contentsOfFile: mct, encoding: .utf8)
        let cut = home.path + "/cut.mct"
        try String(text[..<(try #require(text.range(of: "+Sector: 15"))).lowerBound])
            .write(toFile: cut, atomically: true, encoding: .utf8)
        let imported = await home.run(["sim", "import", cut, home.path + "/t.nfc", "--model", "mifare-classic-1k"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(
            imported.io.outputText.contains("Sector 15  key A: unknown; access ?? ?? ??, GPB ??"),
            "\(imported.io.outputText)")
        let json = await home.run([
            "sim", "import", cut, home.path + "/j.nfc", "--model", "mifare-classic-1k", "--json",
        ])
        let sectors = try #require(try CLIHome.object(json.io.outputText)["sectors"] as? [[String: Any]])
        #expect(sectors[15]["key_a"] as? String == "unknown")
        #expect(sectors[15]["access_bits"] is NSNull && sectors[15]["general_purpose_byte"] is NSNull)
        #expect(sectors[0]["access_bits"] as? String != nil)
    }

    @Test(
        "A Flipper file with a byte order mark reads as without; a file cut before its Device type is named a Flipper Zero dump"
    )
    func flipperBOMAndDeviceType() async throws {
        let home = try CLIHome("flipper-bom")
        defer { home.remove() }
        let laundr = try String(contentsOfFile: Self.fixture("flipper-nfc/laundr-mfc1k.nfc"), encoding: .utf8)
        let bom = home.path + "/bom.nfc"
        try ("\u{FEFF}" + laundr).write(toFile: bom, atomically: true, encoding: .utf8)
        let imported = await home.run(["sim", "import", bom, home.path + "/t.nfc"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let slix = try String(contentsOfFile: Self.fixture("flipper/Slix_cap_default.nfc"), encoding: .utf8)
        let cut = home.path + "/cut.nfc"
        try String(slix[..<(try #require(slix.range(of: "Device type:"))).lowerBound])
            .write(toFile: cut, atomically: true, encoding: .utf8)
        let refused = await home.run(["sim", "import", cut, home.path + "/u.nfc"])
        #expect(refused.status == 65)
        #expect(refused.io.errorOutput.contains("is not a readable Flipper Zero dump:"), "\(refused.io.errorOutput)")
        #expect(!refused.io.errorOutput.contains("NTAG/Ultralight"))
        let other = home.path + "/other.nfc"
        try laundr.replacingOccurrences(of: "Device type: Mifare Classic", with: "Device type: ST25TB")
            .write(toFile: other, atomically: true, encoding: .utf8)
        let unknown = await home.run(["sim", "import", other, home.path + "/v.nfc"])
        #expect(unknown.status == 65)
        #expect(unknown.io.errorOutput.contains("'ST25TB' is none TapCard reads"), "\(unknown.io.errorOutput)")
        #expect(unknown.io.errorOutput.contains("is not a readable Flipper Zero dump:"), "\(unknown.io.errorOutput)")
    }

    @Test("A Proxmark3 hf 15 dump says what its format has no member for, at import (text, JSON) and on info")
    func proxmark3ISO15693Unknowns() async throws {
        let home = try CLIHome("pm3-15693")
        defer { home.remove() }
        let dump = Self.fixture("proxmark3/slix-cap-default-15693.json")
        let imported = await home.run(["sim", "import", dump, home.path + "/t.nfc", "--json"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let notes = try #require(try CLIHome.object(imported.io.outputText)["notes"] as? [String])
        #expect(notes.contains("the originality signature (zeros here)"), "\(notes)")
        #expect(notes.contains { $0.hasPrefix("the read, write, destroy and EAS passwords") })
        let info = await home.run(["info", "--tag", dump])
        #expect(info.io.errorOutput.contains("not in the dump: the originality signature"), "\(info.io.errorOutput)")
    }

    @Test(
        "info and read of a Type 2, DESFire or FeliCa dump say where its header contradicts its memory, as sim import does"
    )
    func readSaysHeaderContradictions() async throws {
        let home = try CLIHome("read-contradictions")
        defer { home.remove() }
        let sasquach = try String(contentsOfFile: Self.fixture("proxmark3/sasquach-ntag213.json"), encoding: .utf8)
        let desfire = try String(
            contentsOfFile: Self.fixture("flipper/DESFire_NfcFileFormats_example.nfc"), encoding: .utf8)
        for (name, text, words) in [
            (
                "uid.json",
                sasquach.replacingOccurrences(of: "\"UID\": \"045EC8BA074F81\"", with: "\"UID\": \"045EC8BA074F82\""),
                "the header's UID 04 5E C8 BA 07 4F 82 differs from pages 0–1's"
            ),
            (
                "version.json", sasquach.replacingOccurrences(of: "0004040201000F03", with: "0004040201001103"),
                "names an NTAG215, but the dump's 45 pages are an NTAG213's"
            ),
            (
                "desfire.nfc",
                desfire.replacingOccurrences(of: "UID: 04 2F 19 0A CD 66 80", with: "UID: 04 2F 19 0A CD 66 81"),
                "PICC Version's UID 04 2F 19 0A CD 66 80 differs from the UID line's"
            ),
            (
                "felica.nfc", try String(contentsOfFile: Self.fixture("flipper/Felica.nfc"), encoding: .utf8),
                "names IC code 4E but block 83h (D_ID) names F1"
            ),
        ] {
            let path = home.path + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            for verb in ["info", "read"] {
                let result = await home.run([verb, "--tag", path])
                #expect(result.status == 0, "\(name) \(verb): \(result.io.errorOutput)")
                #expect(result.io.errorOutput.contains(words), "\(name) \(verb): \(result.io.errorOutput)")
            }
        }
    }

    @Test("A Type 5 virtual tag keeps what its dump lacked: info, every export and a re-import go on saying so")
    func type5TagKeepsItsGaps() async throws {
        let home = try CLIHome("type5-gaps")
        defer { home.remove() }
        let text = try String(contentsOfFile: Self.fixture("flipper/Slix_cap_default.nfc"), encoding: .utf8)
        let cut = home.path + "/cut.nfc"
        // Cut at the end of the Data Content line: every SLIX line after it is left out.
        let data = try #require(text.range(of: "Data Content: "))
        let end = try #require(text[data.upperBound...].firstIndex(of: "\n"))
        try String(text[...end]).write(toFile: cut, atomically: true, encoding: .utf8)
        let tag = home.path + "/t.nfc"
        let imported = await home.run(["sim", "import", cut, tag])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(imported.io.errorOutput.contains("'Password Read'"), "\(imported.io.errorOutput)")
        let info = await home.run(["info", "--tag", tag])
        #expect(info.io.errorOutput.contains("not in the dump: 'Security Status'"), "\(info.io.errorOutput)")
        let flipper = home.path + "/f.nfc"
        let exported = await home.run([
            "sim", "export", tag, "--flipper", flipper, "--proxmark3", home.path + "/p.json", "--json",
        ])
        #expect(exported.status == 0, "\(exported.io.errorOutput)")
        let placeholders = try #require(
            try CLIHome.object(exported.io.outputText)["written_as_placeholders"] as? [String])
        #expect(placeholders.contains { $0.hasPrefix("'Password Read'") }, "\(placeholders)")
        let again = await home.run(["sim", "import", flipper, home.path + "/again.nfc"])
        #expect(again.io.errorOutput.contains("'Password Read'"), "\(again.io.errorOutput)")
        // A raw image's random UID stays said too.
        let bin = home.path + "/t.bin"
        #expect(await home.run(["sim", "export", tag, "--bin", bin]).status == 0)
        let raw = home.path + "/raw.nfc"
        #expect(await home.run(["sim", "import", bin, raw, "--model", "icode-slix2"]).status == 0)
        let rawInfo = await home.run(["info", "--tag", raw])
        #expect(rawInfo.io.errorOutput.contains("a random ICODE SLIX2 UID"), "\(rawInfo.io.errorOutput)")
    }

    @Test(
        "A FeliCa file's unread blocks, a Blocks read past the total and a UID line that is not the IDm are said or refused"
    )
    func feliCaBlocksReadAndUID() async throws {
        let home = try CLIHome("felica-read")
        defer { home.remove() }
        let text = try String(contentsOfFile: Self.fixture("flipper/Felica.nfc"), encoding: .utf8)
        func run(_ edited: String, _ extra: [String] = []) async throws -> (status: Int32, io: CheckedIO) {
            let path = home.path + "/f.nfc"
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
            return await home.run(["sim", "import", path, home.path + "/out.nfc", "--force"] + extra)
        }
        let over = try await run(text.replacingOccurrences(of: "Blocks read: 28", with: "Blocks read: 30"))
        #expect(over.status == 65)
        #expect(over.io.errorOutput.contains("'Blocks read': 30 is more than the 28 blocks"), "\(over.io.errorOutput)")
        let unread = try await run(
            text.replacingOccurrences(of: "Block 5: 00 00", with: "Block 5: FF FF"), ["--json"])
        #expect(unread.status == 0, "\(unread.io.errorOutput)")
        let object = try CLIHome.object(unread.io.outputText)
        #expect((object["notes"] as? [String])?.contains { $0.hasPrefix("block 05h: not read") } == true, "\(object)")
        // The virtual tag keeps the unread block: info of it, its export and a re-import say so.
        let tag = home.path + "/out.nfc"
        let info = await home.run(["info", "--tag", tag])
        #expect(info.io.errorOutput.contains("block 05h: not read"), "\(info.io.errorOutput)")
        let exported = home.path + "/export.nfc"
        let export = await home.run(["sim", "export", tag, "--flipper", exported])
        #expect(export.io.errorOutput.contains("block 05h: not read"), "\(export.io.errorOutput)")
        let again = await home.run(["sim", "import", exported, home.path + "/again.nfc"])
        #expect(again.io.errorOutput.contains("block 05h: not read"), "\(again.io.errorOutput)")
        let uid = try await run(text.replacingOccurrences(of: "UID: 29 9F", with: "UID: 11 9F"), ["--json"])
        let contradictions = try #require(try CLIHome.object(uid.io.outputText)["header_contradictions"] as? [String])
        #expect(contradictions.contains { $0.contains("the UID line 11 9F FA 53 AB 75 87 6E is not the card's IDm") })
    }

    @Test("A SLIX IC Reference and an hf 15 pagescount that contradict the chip are said at import and by info")
    func type5HeaderContradictions() async throws {
        let home = try CLIHome("type5-contradictions")
        defer { home.remove() }
        let slix = try String(contentsOfFile: Self.fixture("flipper/Slix_cap_default.nfc"), encoding: .utf8)
        let pm3 = try String(contentsOfFile: Self.fixture("proxmark3/slix-cap-default-15693.json"), encoding: .utf8)
        for (name, text, words) in [
            (
                "ic.nfc", slix.replacingOccurrences(of: "IC Reference: 01", with: "IC Reference: 03"),
                "IC Reference 03 is not an ICODE SLIX2's 01"
            ),
            (
                "count.json",
                pm3.replacingOccurrences(of: "\"pagescount\": \"5000\"", with: "\"pagescount\": \"4F00\""),
                "'$.Card.pagescount' says 79 blocks, but the dump holds 80"
            ),
        ] {
            #expect(text != slix && text != pm3, "\(name): the edit did not apply")
            let path = home.path + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let imported = await home.run(["sim", "import", path, home.path + "/t.nfc", "--json", "--force"])
            #expect(imported.status == 0, "\(name): \(imported.io.errorOutput)")
            let contradictions = try #require(
                try CLIHome.object(imported.io.outputText)["header_contradictions"] as? [String])
            #expect(contradictions.contains { $0.contains(words) }, "\(name): \(contradictions)")
            let info = await home.run(["info", "--tag", path])
            #expect(info.io.errorOutput.contains(words), "\(name): \(info.io.errorOutput)")
        }
    }

    @Test("A Flipper Classic file with no block says so, not 'blocks go up to -1'")
    func blocklessClassicFile() async throws {
        let home = try CLIHome("blockless")
        defer { home.remove() }
        let path = home.path + "/c.nfc"
        try """
        Filetype: Flipper NFC device
        Version: 4
        Device type: Mifare Classic
        UID: 01 02 03 04
        ATQA: 00 04
        SAK: 08
        Mifare Classic type: 1K
        Data format version: 2

        """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = await home.run(["sim", "import", path, home.path + "/out.nfc"])
        #expect(result.status == 65)
        #expect(result.io.errorOutput.contains("has no 'Block N' line at all"), "\(result.io.errorOutput)")
        #expect(!result.io.errorOutput.contains("up to -1"))
    }

    @Test(
        "A SLIX file cut at a line's end keeps the values it holds: a pair's lone line is read, only what is absent is unknown"
    )
    func slixCutKeepsWhatItHolds() async throws {
        let home = try CLIHome("slix-cut")
        defer { home.remove() }
        let text = try String(contentsOfFile: Self.fixture("flipper/Slix_cap_default.nfc"), encoding: .utf8)
        for (keep, holds, absent) in [
            ("Protection Pointer: 32\n", "Protection Pointer: 32", "'Protection Condition' (00 here)"),
            ("Lock EAS: true\n", "Lock EAS: true", "'Lock PPL' (false here)"),
        ] {
            let end = try #require(text.range(of: keep)).upperBound
            let cut = home.path + "/cut.nfc"
            try String(text[..<end]).write(toFile: cut, atomically: true, encoding: .utf8)
            let out = home.path + "/out.nfc"
            let imported = await home.run(["sim", "import", cut, out, "--force"])
            #expect(imported.status == 0, "\(imported.io.errorOutput)")
            #expect(imported.io.errorOutput.contains(absent), "\(imported.io.errorOutput)")
            let name = String(holds.prefix { $0 != ":" })
            #expect(!imported.io.errorOutput.contains("'\(name)'"), "\(imported.io.errorOutput)")
            let saved = try String(contentsOfFile: out, encoding: .utf8)
            #expect(saved.contains(holds + "\n"), "\(keep): \(saved)")
        }
    }

    @Test("copy from a dump whose message does not decode says what is wrong, never 'rewrite this tag'")
    func copyFromBrokenDump() async throws {
        let home = try CLIHome("copy-broken")
        defer { home.remove() }
        let tag = try await home.newTag("ntag215", "t.nfc")
        #expect(await home.run(["write", "uri", "https://example.com/a/long/enough/path", "--tag", tag]).status == 0)
        // Page 4 begins the NDEF Message TLV: a length past the message leaves it undecodable.
        var text = try String(contentsOfFile: tag, encoding: .utf8)
        let line = try #require(text.range(of: #"Page 4: 03 [0-9A-F]{2}"#, options: .regularExpression))
        text.replaceSubrange(line, with: "Page 4: 03 F0")
        let dump = home.path + "/dump.json"
        try text.write(toFile: tag, atomically: true, encoding: .utf8)
        #expect(await home.run(["sim", "export", tag, "--proxmark3", dump]).status == 0)
        let target = try await home.newTag("ntag215", "target.nfc")
        for source in [tag, dump] {
            let copied = await home.run(["copy", source, "--tag", target])
            #expect(copied.status == 1, "\(copied.io.errorOutput)")
            #expect(copied.io.errorOutput.contains("There is nothing to copy from"), "\(copied.io.errorOutput)")
            #expect(!copied.io.errorOutput.contains("rewrite"), "\(copied.io.errorOutput)")
        }
    }
}
