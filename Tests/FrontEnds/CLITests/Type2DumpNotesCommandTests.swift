import Foundation
import Testing

/// Issue 40, the Type 2 dump side: what a dump lacks is said at import (text and JSON), on
/// `info`/`read` of the dump and of the virtual tag made of it, and where an export writes a
/// placeholder; header contradictions are said and the memory wins; every family's `sim import
/// --json` has `notes` and `header_contradictions`; a dump read takes is exported directly.
@Suite struct Type2DumpNotesCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let sasquach = fixtures.appendingPathComponent("type2-real/real_talking_sasquach_ntag213/source.nfc").path
    static let sasquachJSON = fixtures.appendingPathComponent("dumps/proxmark3/sasquach-ntag213.json").path
    static let signature = "77BB86F3B2D663ECE01D0A72C8A509E8DBB334D6A61C1B902F0D2DBB869C7588"

    /// The Proxmark3 fixture without counters and tearing flags (as older clients wrote it) and
    /// with the all-zero signature the client writes when it could not read one.
    static func bareJSON(_ home: CLIHome) throws -> String {
        let text = try String(contentsOfFile: sasquachJSON, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.contains("\"Counter") && !$0.contains("\"Tearing") }
        if let close = lines.firstIndex(of: "  },"), lines[close - 1].hasSuffix(",") { lines[close - 1].removeLast() }
        let file = home.path + "/bare.json"
        try lines.joined(separator: "\n").replacingOccurrences(of: signature, with: String(repeating: "0", count: 64))
            .write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test("A Proxmark3 dump without signature and counters says so at import, on info, and in exports")
    func proxmark3DumpLackingTheHeader() async throws {
        let home = try CLIHome("t2-bare")
        defer { home.remove() }
        let dump = try Self.bareJSON(home)
        let imported = await home.run(["sim", "import", dump, home.path + "/t.nfc", "--json"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let json = try CLIHome.object(imported.io.outputText)
        let notes = try #require(json["notes"] as? [String])
        #expect(notes.count == 2)
        #expect(notes.contains { $0.hasPrefix("the originality signature: not read") })
        #expect(notes.contains { $0.hasPrefix("the NFC counter (counter 2): not read") })
        #expect((json["header_contradictions"] as? [String]) == [])
        #expect(imported.io.errorOutput.contains("bare.json: not in the dump: the originality signature"))
        // info on the dump, and on the virtual tag made of it.
        for tag in [dump, home.path + "/t.nfc"] {
            let info = await home.run(["info", "--tag", tag])
            #expect(info.status == 0, "\(info.io.errorOutput)")
            #expect(info.io.errorOutput.contains("not in the dump: the originality signature"), "\(tag)")
            #expect(info.io.errorOutput.contains("the NFC counter (counter 2): not read"), "\(tag)")
        }
        let shown = await home.run(["sim", "show", home.path + "/t.nfc"])
        #expect(shown.io.outputText.contains("Signature  not in the dump it was made from"))
        // Exports write the formats' zeros, and say so.
        let export = await home.run([
            "sim", "export", home.path + "/t.nfc", "--proxmark3", home.path + "/o.json", "--flipper",
            home.path + "/o.nfc",
        ])
        #expect(export.status == 0, "\(export.io.errorOutput)")
        #expect(
            export.io.errorOutput.contains("o.json: not in the dump the tag was made from, so written as placeholders"))
        #expect(export.io.errorOutput.contains("o.nfc: not in the dump the tag was made from"))
        let exported = try String(contentsOfFile: home.path + "/o.nfc", encoding: .utf8)
        #expect(exported.contains("# Not in the dump this tag was made from (zeros here): Signature, Counters"))
        let again = await home.run([
            "sim", "export", home.path + "/t.nfc", "--proxmark3", home.path + "/p.json", "--json",
        ])
        let placeholders = try CLIHome.object(again.io.outputText)["written_as_placeholders"] as? [String]
        #expect(placeholders == ["Signature", "Counters"])
    }

    @Test("The full Proxmark3 dump and the real Flipper file with its signature say nothing about the signature")
    func completeDumpsSayNothing() async throws {
        let home = try CLIHome("t2-full")
        defer { home.remove() }
        let imported = await home.run(["sim", "import", Self.sasquachJSON, home.path + "/t.nfc", "--json"])
        let json = try CLIHome.object(imported.io.outputText)
        #expect((json["notes"] as? [String]) == [])
        #expect(imported.io.errorOutput.isEmpty)
        let info = await home.run(["info", "--tag", home.path + "/t.nfc"])
        #expect(!info.io.errorOutput.contains("not in the dump"))
    }

    @Test("A raw image imported with --model says its signature and counters are not in it")
    func rawImage() async throws {
        let home = try CLIHome("t2-raw")
        defer { home.remove() }
        let tag = try await home.newTag("ntag215", "n.nfc")
        #expect(await home.run(["sim", "export", tag, "--bin", home.path + "/x.bin"]).status == 0)
        let imported = await home.run([
            "sim", "import", home.path + "/x.bin", home.path + "/t.nfc", "--model", "ntag215", "--json",
        ])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let notes = try #require(try CLIHome.object(imported.io.outputText)["notes"] as? [String])
        #expect(notes.count == 2, "\(notes)")
        #expect(imported.io.errorOutput.contains("x.bin: not in the dump: the originality signature"))
    }

    @Test("Pages read 40 of 45 reaches the virtual tag and its exports")
    func pagesRead() async throws {
        let home = try CLIHome("t2-pages-read")
        defer { home.remove() }
        let text = try String(contentsOfFile: Self.sasquach, encoding: .utf8)
        let dump = home.path + "/forty.nfc"
        try text.replacingOccurrences(of: "Pages total: 45", with: "Pages total: 45\nPages read: 40")
            .write(toFile: dump, atomically: true, encoding: .utf8)
        let imported = await home.run(["sim", "import", dump, home.path + "/t.nfc"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(imported.io.errorOutput.contains("5 pages from 40 to 44: not read (the file says 40 of 45)"))
        #expect(try String(contentsOfFile: home.path + "/t.nfc", encoding: .utf8).contains("Pages read: 40\n"))
        let export = await home.run([
            "sim", "export", home.path + "/t.nfc", "--flipper", home.path + "/o.nfc", "--proxmark3",
            home.path + "/o.json",
        ])
        #expect(export.status == 0, "\(export.io.errorOutput)")
        #expect(try String(contentsOfFile: home.path + "/o.nfc", encoding: .utf8).contains("Pages read: 40\n"))
        #expect(export.io.errorOutput.contains("o.json: the dump the tag was made from read 40 of its 45 pages"))
        let info = await home.run(["info", "--tag", home.path + "/t.nfc"])
        #expect(info.io.errorOutput.contains("5 pages from 40 to 44: not read"))
    }

    @Test("A header naming another chip, or a SAK or ATQA not the chip's, is a header contradiction; the memory wins")
    func headerContradictions() async throws {
        let home = try CLIHome("t2-contradictions")
        defer { home.remove() }
        let text = try String(contentsOfFile: Self.sasquach, encoding: .utf8)
        let flipper = home.path + "/edited.nfc"
        try text.replacingOccurrences(
            of: "Mifare version: 00 04 04 02 01 00 0F 03", with: "Mifare version: 00 04 04 02 01 00 11 03"
        )
        .replacingOccurrences(of: "SAK: 00", with: "SAK: 08")
        .write(toFile: flipper, atomically: true, encoding: .utf8)
        let json = home.path + "/edited.json"
        try String(contentsOfFile: Self.sasquachJSON, encoding: .utf8)
            .replacingOccurrences(of: "\"Version\": \"0004040201000F03\"", with: "\"Version\": \"0004040201001103\"")
            .write(toFile: json, atomically: true, encoding: .utf8)
        for (file, count) in [(flipper, 2), (json, 1)] {
            let imported = await home.run(["sim", "import", file, home.path + "/t-\(count).nfc", "--json"])
            #expect(imported.status == 0, "\(imported.io.errorOutput)")
            let object = try CLIHome.object(imported.io.outputText)
            let contradictions = try #require(object["header_contradictions"] as? [String])
            #expect(contradictions.count == count, "\(contradictions)")
            #expect(contradictions.first?.contains("names an NTAG215") == true)
            #expect((object["chip"] as? [String: Any])?["model"] as? String == "ntag213")
            #expect(
                imported.io.errorOutput.contains(
                    "the tag is an NTAG213 and answers GET_VERSION with 00 04 04 02 01 00 0F 03."))
        }
    }

    @Test("Every family's sim import --json has notes and header_contradictions")
    func everyFamilyHasNotes() async throws {
        let home = try CLIHome("t2-every-family")
        defer { home.remove() }
        let dumps = Self.fixtures.appendingPathComponent("dumps")
        let cases: [(String, Bool, Bool)] = [
            (dumps.appendingPathComponent("flipper/Felica.nfc").path, true, false),
            (dumps.appendingPathComponent("flipper/DESFire_NfcFileFormats_example.nfc").path, false, true),
            (dumps.appendingPathComponent("flipper/Slix_cap_default.nfc").path, false, false),
            // hf 15 dump has no member for the SLIX2 signature, passwords and protection: said.
            (dumps.appendingPathComponent("proxmark3/slix-cap-default-15693.json").path, false, true),
            (Self.sasquach, false, true),
        ]
        for (index, (file, contradicts, lacks)) in cases.enumerated() {
            let imported = await home.run(["sim", "import", file, home.path + "/t\(index).nfc", "--json"])
            #expect(imported.status == 0, "\(file): \(imported.io.errorOutput)")
            let object = try CLIHome.object(imported.io.outputText)
            let contradictions = try #require(object["header_contradictions"] as? [String], "\(file)")
            let notes = try #require(object["notes"] as? [String], "\(file)")
            #expect(contradictions.isEmpty != contradicts, "\(file): \(contradictions)")
            #expect((notes.count > contradictions.count) == lacks, "\(file): \(notes)")
        }
    }

    @Test("Versions and counts no tool writes, and a TBO that is not hex, are refused with 65 and the file's name")
    func refusals() async throws {
        let home = try CLIHome("t2-refusals")
        defer { home.remove() }
        let text = try String(contentsOfFile: Self.sasquach, encoding: .utf8)
        let edits = [
            ("Version: 2", "Version: 5", "Line 2: 'Version: 5'"),
            ("Version: 2", "Version: 1", "Line 2: 'Version: 1'"),
            ("Pages total: 45", "Pages total: 45\nPages read: 46", "Pages read is 46, more than Pages total (45)"),
            ("Pages total: 45", "Data format version: 9\nPages total: 45", "Data format version is 9"),
        ]
        for (index, (old, new, words)) in edits.enumerated() {
            let file = home.path + "/bad-\(index).nfc"
            try text.replacingOccurrences(of: old, with: new).write(toFile: file, atomically: true, encoding: .utf8)
            let result = await home.run(["sim", "import", file, home.path + "/out-\(index).nfc"])
            #expect(result.status == 65, "\(new)")
            #expect(
                result.io.errorOutput.contains("bad-\(index).nfc is not a readable Flipper Zero NTAG/Ultralight dump"))
            #expect(result.io.errorOutput.contains(words), "\(result.io.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: home.path + "/out-\(index).nfc"))
        }
        let json = home.path + "/tbo.json"
        try String(contentsOfFile: Self.sasquachJSON, encoding: .utf8)
            .replacingOccurrences(of: "\"TBO_0\": \"0000\"", with: "\"TBO_0\": \"zz\"")
            .write(toFile: json, atomically: true, encoding: .utf8)
        let result = await home.run(["sim", "import", json, home.path + "/tbo.nfc"])
        #expect(result.status == 65)
        #expect(result.io.errorOutput.contains("tbo.json is not a readable Proxmark3 dump: Card.TBO_0 is 'zz'"))
    }

    @Test("A Proxmark3 NTAG dump exports directly, as a virtual tag does")
    func exportsAProxmark3DumpDirectly() async throws {
        let home = try CLIHome("t2-export-dump")
        defer { home.remove() }
        let result = await home.run(["sim", "export", Self.sasquachJSON, "--flipper", home.path + "/o.nfc"])
        #expect(result.status == 0, "\(result.io.errorOutput)")
        let imported = await home.run(["sim", "import", Self.sasquachJSON, home.path + "/t.nfc"])
        #expect(imported.status == 0)
        let direct = try String(contentsOfFile: home.path + "/o.nfc", encoding: .utf8)
        let viaImport = await home.run(["sim", "export", home.path + "/t.nfc", "--flipper", home.path + "/p.nfc"])
        #expect(viaImport.status == 0)
        #expect(direct == (try String(contentsOfFile: home.path + "/p.nfc", encoding: .utf8)))
    }

    // MARK: Issue 40, second pass

    @Test("One missing Counter line of an Ultralight EV1 is the one not in the dump; the others are kept")
    func oneMissingCounter() async throws {
        let home = try CLIHome("t2-one-counter")
        defer { home.remove() }
        let source = Self.fixtures.appendingPathComponent("type2-real/real_dave_busters_ul_ev1_unformatted/source.nfc")
        #expect(await home.run(["sim", "import", source.path, home.path + "/t.nfc"]).status == 0)
        #expect(await home.run(["sim", "export", home.path + "/t.nfc", "--flipper", home.path + "/e.nfc"]).status == 0)
        let edited = home.path + "/edited.nfc"
        try String(contentsOfFile: home.path + "/e.nfc", encoding: .utf8)
            .replacingOccurrences(of: "Counter 0: 0\n", with: "Counter 0: 5\n")
            .replacingOccurrences(of: "Counter 1: 0\n", with: "")
            .replacingOccurrences(of: "Counter 2: 0\n", with: "Counter 2: 77\n")
            .write(toFile: edited, atomically: true, encoding: .utf8)
        let imported = await home.run(["sim", "import", edited, home.path + "/u.nfc", "--json"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let json = try CLIHome.object(imported.io.outputText)
        let notes = try #require(json["notes"] as? [String])
        #expect(notes.contains("counter 1: not read, 0 here"), "\(notes)")
        #expect(!notes.contains { $0.contains("counters 0–2") })
        let counters = try #require(json["counters"] as? [Any])
        #expect(counters.count == 3)
        #expect(counters[0] as? Int == 5 && counters[1] is NSNull && counters[2] as? Int == 77, "\(counters)")
        let export = await home.run(["sim", "export", home.path + "/u.nfc", "--proxmark3", home.path + "/o.json"])
        #expect(export.status == 0, "\(export.io.errorOutput)")
        #expect(
            export.io.errorOutput.contains(
                "written as placeholders, as the format writes what was not read: counter 1 (0)"))
        #expect(!export.io.errorOutput.contains("the counters (0)"))
        let written = try String(contentsOfFile: home.path + "/o.json", encoding: .utf8)
        #expect(written.contains("\"Counter0\": \"050000\"") && written.contains("\"Counter2\": \"4D0000\""))
    }

    @Test("sim import --json says which counters are not in the dump: null, not 0")
    func unknownCountersAreNull() async throws {
        let home = try CLIHome("t2-null-counters")
        defer { home.remove() }
        let imported = await home.run(["sim", "import", try Self.bareJSON(home), home.path + "/t.nfc", "--json"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let counters = try #require(try CLIHome.object(imported.io.outputText)["counters"] as? [Any])
        #expect(counters.count == 1 && counters[0] is NSNull, "\(counters)")
        let full = await home.run(["sim", "import", Self.sasquachJSON, home.path + "/f.nfc", "--json"])
        #expect((try CLIHome.object(full.io.outputText)["counters"] as? [Int]) == [0])
    }

    @Test("sim export --bin of a tag whose dump read some pages says so, as the other exports do")
    func binaryExportSaysPagesRead() async throws {
        let home = try CLIHome("t2-bin-pages-read")
        defer { home.remove() }
        let dump = home.path + "/thirty.nfc"
        try String(contentsOfFile: Self.sasquach, encoding: .utf8)
            .replacingOccurrences(of: "Pages total: 45", with: "Pages total: 45\nPages read: 30")
            .write(toFile: dump, atomically: true, encoding: .utf8)
        #expect(await home.run(["sim", "import", dump, home.path + "/t.nfc"]).status == 0)
        let export = await home.run(["sim", "export", home.path + "/t.nfc", "--bin", home.path + "/o.bin"])
        #expect(export.status == 0, "\(export.io.errorOutput)")
        #expect(
            export.io.errorOutput.contains(
                "o.bin: the dump the tag was made from read 30 of its 45 pages; a raw image has no field to say so"),
            "\(export.io.errorOutput)")
        let json = await home.run(["sim", "export", home.path + "/t.nfc", "--bin", home.path + "/p.bin", "--json"])
        #expect(try CLIHome.object(json.io.outputText)["pages_read"] as? Int == 30)
    }

    @Test("A type line naming a chip of another size: the memory wins, or the line is named")
    func typeLineOfAnotherSize() async throws {
        let home = try CLIHome("t2-type-line")
        defer { home.remove() }
        let text = try String(contentsOfFile: Self.sasquach, encoding: .utf8)
            .replacingOccurrences(of: "Device type: NTAG213", with: "Device type: NTAG215")
        let named = home.path + "/named.nfc"
        try text.write(toFile: named, atomically: true, encoding: .utf8)
        let imported = await home.run(["sim", "import", named, home.path + "/t.nfc", "--json"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let object = try CLIHome.object(imported.io.outputText)
        #expect((object["chip"] as? [String: Any])?["model"] as? String == "ntag213")
        let contradictions = try #require(object["header_contradictions"] as? [String])
        #expect(contradictions.contains { $0.hasPrefix("the header's type NTAG215 names an NTAG215") })
        let none = home.path + "/none.nfc"
        try text.replacingOccurrences(
            of: "Mifare version: 00 04 04 02 01 00 0F 03", with: "Mifare version: 00 04 04 02 01 00 13 03"
        ).write(toFile: none, atomically: true, encoding: .utf8)
        let refused = await home.run(["sim", "import", none, home.path + "/n.nfc"])
        #expect(refused.status == 65)
        #expect(
            refused.io.errorOutput.contains("none.nfc is not a readable Flipper Zero NTAG/Ultralight dump: Line 3:"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/n.nfc"))
    }
}
