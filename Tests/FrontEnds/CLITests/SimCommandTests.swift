import Foundation
import TapCardCLI
import Testing

/// `tapcard sim new / import / export / show`, run in-process on temporary files.
@Suite struct SimCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/type2-real")

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-sim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func run(_ arguments: [String]) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO()
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func newWritesAFactoryTagFileWithTheGivenUID() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tag.nfc").path
        let result = await run(["sim", "new", "ntag213", path, "--uid", "04A1B2C3D4E5F6", "--json"])
        #expect(result.status == 0)
        let json = try object(result.io.outputText)
        #expect((json["chip"] as? [String: Any])?["model"] as? String == "ntag213")
        #expect((json["uid"] as? [String: Any])?["hex"] as? String == "04a1b2c3d4e5f6")
        #expect(json["cc"] as? String == "e1101200")
        #expect(json["formatted"] as? Bool == true)
        let check = try #require(json["signature"] as? [String: Any])
        #expect((check["verdict"] as? [String: Any])?["state"] as? String == "invalid")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("Filetype: Flipper NFC device\nVersion: 4\n"))
        #expect(text.contains("NTAG/Ultralight type: NTAG213\n"))
        // BCC0 = 88 ⊕ 04 ⊕ A1 ⊕ B2 = 9F; page 4 holds the Lock Control TLV.
        #expect(text.contains("Page 0: 04 A1 B2 9F\n"))
        #expect(text.contains("Page 4: 01 03 A0 0C\n"))
    }

    @Test func unformattedTagHasABlankCC() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("blank.nfc").path
        let result = await run(["sim", "new", "ultralight", path, "--unformatted", "--json"])
        #expect(result.status == 0)
        let json = try object(result.io.outputText)
        #expect(json["cc"] as? String == "00000000")
        #expect(json["pages"] as? Int == 16)
        // MIFARE Ultralight has no READ_SIG: the check is unavailable, not invalid.
        let check = try #require(json["signature"] as? [String: Any])
        #expect((check["verdict"] as? [String: Any])?["state"] as? String == "unavailable")
    }

    @Test func refusalsAndUsageErrors() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("tag.nfc").path
        #expect(await run(["sim", "new", "ntag215", path]).status == 0)
        let again = await run(["sim", "new", "ntag215", path])
        #expect(again.status == 1)
        #expect(again.io.errorOutput.contains("already exists"))
        #expect(await run(["sim", "new", "ntag215", path, "--force"]).status == 0)
        #expect(await run(["sim", "new", "ntag999", path, "--force"]).status == 64)
        #expect(await run(["sim", "new", "ntag215", path, "--force", "--uid", "0411"]).status == 65)
        #expect(await run(["sim", "new", "ntag215", path, "--force", "--uid", "zz"]).status == 65)
        #expect(await run(["sim", "frobnicate"]).status == 64)
        #expect(await run(["sim"]).status == 64)
        #expect(await run(["sim", "export", path]).status == 64)
        let missing = await run(["sim", "show", directory.appendingPathComponent("none.nfc").path])
        #expect(missing.status == 66)
        #expect(missing.io.errorOutput.hasPrefix("error: Could not read"))
    }

    @Test func everySubcommandHasHelp() async {
        for arguments in [
            ["sim", "--help"], ["sim", "new", "--help"], ["sim", "import", "-h"], ["sim", "export", "--help"],
            ["sim", "show", "--help"],
        ] {
            let result = await run(arguments)
            #expect(result.status == 0)
            #expect(result.io.outputText.hasPrefix("Usage: tapcard sim"))
        }
        // The group's synopsis names every output `sim export` takes (it lacked --eml and --mct).
        let group = await run(["sim", "--help"]).io.outputText
        let export = await run(["sim", "export", "--help"]).io.outputText
        for option in ["--flipper", "--proxmark3", "--bin", "--eml", "--mct"] {
            #expect(export.contains(option) && group.contains(option), "\(option)")
        }
    }

    @Test func importThenExportReproducesTheFixtureBytes() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in [
            "real_talking_sasquach_ntag213", "real_rickroll_noad_ntag215", "real_go2flipper_ntag216_cc12",
            "real_dave_busters_ul_ev1_unformatted",
        ] {
            let source = Self.fixtures.appendingPathComponent(name)
            let tag = directory.appendingPathComponent("\(name).nfc").path
            let imported = await run(["sim", "import", source.appendingPathComponent("source.nfc").path, tag, "--json"])
            #expect(imported.status == 0, "\(name): \(imported.io.errorOutput)")
            let bin = directory.appendingPathComponent("\(name).bin").path
            let flipper = directory.appendingPathComponent("\(name).flipper.nfc").path
            #expect(await run(["sim", "export", tag, "--bin", bin, "--flipper", flipper]).status == 0)
            let expected = try Data(contentsOf: source.appendingPathComponent("dump.bin"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: bin)) == expected, "\(name)")
            // The exported Flipper file imports again to the same bytes.
            let again = directory.appendingPathComponent("\(name).again.nfc").path
            #expect(await run(["sim", "import", flipper, again]).status == 0)
            let bin2 = directory.appendingPathComponent("\(name).again.bin").path
            #expect(await run(["sim", "export", again, "--bin", bin2]).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: bin2)) == expected)
        }
    }

    @Test func importReportsSignatureAndHeaderMismatch() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let genuine = await run([
            "sim", "import", Self.fixtures.appendingPathComponent("real_talking_sasquach_ntag213/source.nfc").path,
            directory.appendingPathComponent("a.nfc").path, "--json",
        ])
        let check = try #require(try object(genuine.io.outputText)["signature"] as? [String: Any])
        #expect((check["verdict"] as? [String: Any])?["state"] as? String == "valid")
        #expect((check["statement"] as? String)?.contains("does not prove this tag is that chip") == true)
        let edited = await run([
            "sim", "import", Self.fixtures.appendingPathComponent("real_rickroll_ntag216_cc213/source.nfc").path,
            directory.appendingPathComponent("b.nfc").path,
        ])
        #expect(edited.status == 0)
        #expect(edited.io.outputText.contains("the file's header says 04 B8 31 3A 30 73 80"))
    }

    @Test func importOfARawImageNeedsTheRightSize() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dump = Self.fixtures.appendingPathComponent("real_rickroll_noad_ntag215/dump.bin").path
        #expect(
            await run(["sim", "import", dump, directory.appendingPathComponent("a.nfc").path, "--model", "ntag215"])
                .status == 0)
        let wrong = await run([
            "sim", "import", dump, directory.appendingPathComponent("b.nfc").path, "--model", "ntag213",
        ])
        #expect(wrong.status == 65)
        #expect(wrong.io.errorOutput.contains("540 bytes"))
    }

    @Test func importOfAMalformedFileNamesTheLine() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.nfc")
        try Data("Filetype: Flipper NFC device\nVersion: 4\nDevice type: Mifare Classic\n".utf8).write(to: bad)
        let result = await run(["sim", "import", bad.path, directory.appendingPathComponent("out.nfc").path])
        #expect(result.status == 65)
        // A Mifare Classic file is read (issue 40); this one names the line it lacks.
        #expect(result.io.errorOutput.contains("no 'UID' line"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.nfc").path))
    }
}

/// `tapcard sim new|show` for virtual Type 4 tags.
@Suite struct SimType4CommandTests {
    private func run(_ arguments: [String]) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO()
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func temporaryPath() throws -> (URL, String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-sim4-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (url, url.appendingPathComponent("tag.t4").path)
    }

    @Test func newNTAG424ThenShowIt() async throws {
        let (directory, path) = try temporaryPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        let created = await run(["sim", "new", "ntag424", path, "--uid", "04112233445566", "--json"])
        #expect(created.status == 0)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(created.io.outputText.utf8)) as? [String: Any])
        #expect(json["schema_version"] as? Int == 1)
        #expect(json["action"] as? String == "created")
        #expect((json["chip"] as? [String: Any])?["model"] as? String == "ntag424-dna")
        #expect((json["uid"] as? [String: Any])?["hex"] as? String == "04112233445566")
        // V-T4T-3: the factory CC's 23 bytes.
        #expect(json["cc"] as? String == "0017200100" + "00ff0406e10401000000" + "0506e10500808283")
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["id"] as? String } == ["e103", "e104", "e105"])
        #expect(files.map { $0["size"] as? Int } == [32, 256, 128])
        let proprietary = try #require(files[2]["access"] as? [String: Any])
        #expect(proprietary["read"] as? String == "key-2")
        #expect(proprietary["write"] as? String == "key-3")
        #expect(files[1]["ndef_length"] as? Int == 0)
        #expect(json["key_versions"] as? [Int] == [0, 0, 0, 0, 0])
        #expect((json["signature"] as? String)?.count == 112)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("Filetype: TapCard Type 4 tag\n"))

        let shown = await run(["sim", "show", path])
        #expect(shown.status == 0)
        #expect(shown.io.outputText.contains("NTAG 424 DNA virtual tag"))
        #expect(shown.io.outputText.contains("File E105  128 bytes, file number 3; read key 2, write key 3"))
        let shownJSON = await run(["sim", "show", path, "--json"])
        #expect(shownJSON.io.outputText.contains("\"action\":\"shown\""))
    }

    @Test func newGenericType4AndRefusals() async throws {
        let (directory, path) = try temporaryPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        let created = await run(["sim", "new", "type4", path])
        #expect(created.status == 0)
        #expect(created.io.outputText.contains("T4T v2.0, MLe 59, MLc 52"))
        #expect(await run(["sim", "new", "ntag424-dna", path]).status == 1)
        #expect(await run(["sim", "new", "ntag424-dna", path, "--force", "--unformatted"]).status == 64)
        #expect(await run(["sim", "new", "ntag424-dna", path, "--force", "--uid", "0411"]).status == 65)
        // Type 2 files still show as before.
        let type2 = directory.appendingPathComponent("t2.nfc").path
        #expect(await run(["sim", "new", "ntag213", type2]).status == 0)
        #expect(await run(["sim", "show", type2, "--json"]).io.outputText.contains("\"static_lock\""))
    }
}
