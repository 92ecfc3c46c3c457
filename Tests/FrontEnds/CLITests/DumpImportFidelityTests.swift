import Foundation
import Testing

/// The import-fidelity findings a hostile newcomer reported against issue 40: what a dump says
/// must reach the virtual tag unchanged, and where the file contradicts itself the memory wins and
/// the contradiction is said.
@Suite struct DumpImportFidelityTests {
    static let dumps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/dumps")
    static let sasquach = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Fixtures/type2-real/real_talking_sasquach_ntag213/source.nfc")

    /// `text` with every LF made CR LF, as a Windows editor saves it.
    static func crlf(_ text: String) -> String {
        String(decoding: Array(text.utf8).flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }, as: UTF8.self)
    }

    @Test("A Flipper file of every family with CR LF line ends imports as the LF file does")
    func crlfFlipperFiles() async throws {
        let home = try CLIHome("crlf")
        defer { home.remove() }
        // A Type 4 Tag file (Momentum, Unleashed) is made here: no public one was found.
        let type4 = try await home.newTag("type4", "t4.nfc")
        #expect(await home.run(["write", "uri", "https://example.com/crlf", "--tag", type4]).status == 0)
        let type4File = home.path + "/t4-flipper.nfc"
        #expect(await home.run(["sim", "export", type4, "--flipper", type4File]).status == 0)
        let files = [
            Self.dumps.appendingPathComponent("flipper/DESFire_NfcFileFormats_example.nfc").path,
            Self.dumps.appendingPathComponent("flipper/Felica.nfc").path,
            Self.dumps.appendingPathComponent("flipper/Slix_cap_default.nfc").path,
            Self.dumps.appendingPathComponent("flipper-nfc/laundr-mfc1k.nfc").path,
            Self.sasquach.path, type4File,
        ]
        for (index, file) in files.enumerated() {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let windows = home.path + "/crlf-\(index).nfc"
            try Self.crlf(text).write(toFile: windows, atomically: true, encoding: .utf8)
            #expect(try String(contentsOfFile: windows, encoding: .utf8).utf8.contains(0x0D))
            let plain = await home.run(["sim", "import", file, home.path + "/lf-\(index)-out.nfc", "--json"])
            let crlf = await home.run(["sim", "import", windows, home.path + "/crlf-\(index)-out.nfc", "--json"])
            #expect(plain.status == 0, "\(file): \(plain.io.errorOutput)")
            #expect(crlf.status == 0, "\(file) with CR LF: \(crlf.io.errorOutput)")
            let made = try String(contentsOfFile: home.path + "/lf-\(index)-out.nfc", encoding: .utf8)
            let madeFromCRLF = try String(contentsOfFile: home.path + "/crlf-\(index)-out.nfc", encoding: .utf8)
            #expect(made == madeFromCRLF, "\(file): the CR LF copy made another tag")
            #expect(
                plain.io.outputText.replacingOccurrences(of: "lf-\(index)-out", with: "X")
                    == crlf.io.outputText.replacingOccurrences(of: "crlf-\(index)-out", with: "X"))
        }
    }
}

extension DumpImportFidelityTests {
    /// `sim import FILE` with `--json`: status, the summary and standard error.
    static func importJSON(_ home: CLIHome, _ file: String, _ out: String) async throws -> (
        status: Int32, json: [String: Any], errors: String
    ) {
        let result = await home.run(["sim", "import", file, home.path + "/" + out, "--json"])
        guard result.status == 0 else { return (result.status, [:], result.io.errorOutput) }
        return (result.status, try CLIHome.object(result.io.outputText), result.io.errorOutput)
    }

    @Test("A 7-byte UID in a Classic dump's header does not override block 0's 4-byte UID; the note names both")
    func headerUIDAgainstBlock0() async throws {
        let home = try CLIHome("header-uid")
        defer { home.remove() }
        let flipper = try String(
            contentsOf: Self.dumps.appendingPathComponent("flipper-nfc/laundr-mfc1k.nfc"), encoding: .utf8)
        let edited = home.path + "/edited.nfc"
        try flipper.replacingOccurrences(of: "UID: 2B B9 91 B5", with: "UID: 04 11 22 33 44 55 66")
            .write(toFile: edited, atomically: true, encoding: .utf8)
        let json = try String(
            contentsOf: Self.dumps.appendingPathComponent("proxmark3/bambu-2D96E03B-mfc1k.json"), encoding: .utf8)
        let editedJSON = home.path + "/edited.json"
        try json.replacingOccurrences(of: "\"UID\": \"2D96E03B\"", with: "\"UID\": \"04112233445566\"")
            .write(toFile: editedJSON, atomically: true, encoding: .utf8)
        for (file, uid) in [(edited, "2BB991B5"), (editedJSON, "2D96E03B")] {
            let imported = try await Self.importJSON(home, file, "out-\(uid).nfc")
            #expect(imported.status == 0, "\(imported.errors)")
            #expect(imported.json["uid"] as? String == uid.lowercased())
            #expect(imported.json["atqa"] as? String == "0004")
            let notes = try #require(imported.json["header_contradictions"] as? [String])
            #expect(notes.contains { $0.contains("04 11 22 33 44 55 66") && $0.contains(Self.spaced(uid)) }, "\(notes)")
            let info = await home.run(["info", "--tag", file])
            #expect(info.status == 0)
            #expect(info.io.outputText.contains("UID: " + Self.coloned(uid)), "\(info.io.outputText)")
            #expect(info.io.errorOutput.contains("04 11 22 33 44 55 66"), "\(info.io.errorOutput)")
            #expect(info.io.errorOutput.contains(Self.spaced(uid)), "\(info.io.errorOutput)")
        }
    }

    static func spaced(_ hex: String) -> String {
        stride(from: 0, to: hex.count, by: 2).map { String(Array(hex)[$0..<$0 + 2]) }.joined(separator: " ")
    }
    static func coloned(_ hex: String) -> String { spaced(hex).replacingOccurrences(of: " ", with: ":") }

    @Test("A 7-byte Classic UID whose fifth byte is the BCC of the first four keeps 7 bytes through every format")
    func sevenByteUIDWithBCCCoincidence() async throws {
        let home = try CLIHome("uid-bcc")
        defer { home.remove() }
        let tag = home.path + "/c7.nfc"
        #expect(await home.run(["sim", "new", "mifare-classic-1k", tag, "--uid", "04112233045566"]).status == 0)
        let exported = await home.run([
            "sim", "export", tag, "--proxmark3", home.path + "/c7.json", "--bin", home.path + "/c7.bin", "--eml",
            home.path + "/c7.eml", "--mct", home.path + "/c7.mct",
        ])
        #expect(exported.status == 0, "\(exported.io.errorOutput)")
        for file in ["c7.nfc", "c7.json", "c7.bin", "c7.eml", "c7.mct"] {
            let imported = try await Self.importJSON(home, home.path + "/" + file, "back-\(file).nfc")
            #expect(imported.json["uid"] as? String == "04112233045566", "\(file): \(imported.errors)")
            #expect(imported.json["atqa"] as? String == "0044", "\(file)")
            let read = await home.run(["info", "--tag", home.path + "/" + file])
            #expect(read.io.outputText.contains("UID: 04:11:22:33:04:55:66"), "\(file): \(read.io.outputText)")
        }
        // Block 0 fitting both layouts: the file that carries the UID keeps it; one that does not says it assumed.
        let both = home.path + "/both.nfc"
        #expect(await home.run(["sim", "new", "mifare-classic-1k", both, "--uid", "04112233040816"]).status == 0)
        #expect(await home.run(["sim", "export", both, "--bin", home.path + "/both.bin"]).status == 0)
        let fromFlipper = try await Self.importJSON(home, both, "both-back.nfc")
        let fromBin = try await Self.importJSON(home, home.path + "/both.bin", "both-bin.nfc")
        #expect(fromFlipper.json["uid"] as? String == "04112233040816")
        let flipperLength = try #require(fromFlipper.json["uid_length"] as? [String: Any])
        #expect(flipperLength["assumed"] as? Bool == false)
        let binLength = try #require(fromBin.json["uid_length"] as? [String: Any])
        #expect(binLength["assumed"] as? Bool == true)
        #expect(binLength["bytes"] as? Int == 7)
        let text = await home.run(["sim", "import", home.path + "/both.bin", home.path + "/both-text.nfc"])
        #expect(text.io.outputText.contains("UID length 7 bytes, assumed"), "\(text.io.outputText)")
    }

    @Test("The blocks present decide a Classic dump's model; a header SAK or type line naming another is a note")
    func modelFromBlocks() async throws {
        let home = try CLIHome("classic-model")
        defer { home.remove() }
        let json = try String(
            contentsOf: Self.dumps.appendingPathComponent("proxmark3/bambu-2D96E03B-mfc1k.json"), encoding: .utf8)
        let sak18 = home.path + "/sak18.json"
        try json.replacingOccurrences(of: "\"SAK\": \"08\"", with: "\"SAK\": \"18\"")
            .write(toFile: sak18, atomically: true, encoding: .utf8)
        let fromJSON = try await Self.importJSON(home, sak18, "sak18.nfc")
        #expect(
            (fromJSON.json["chip"] as? [String: Any])?["model"] as? String == "mifare-classic-1k", "\(fromJSON.json)")
        #expect((fromJSON.json["notes"] as? [String])?.contains { $0.contains("SAK 18") } == true)
        let info = await home.run(["info", "--tag", sak18])
        #expect(info.io.outputText.contains("MIFARE Classic 1K"))
        #expect(info.io.errorOutput.contains("SAK 18"), "\(info.io.errorOutput)")

        let flipper = try String(
            contentsOf: Self.dumps.appendingPathComponent("flipper-nfc/laundr-mfc1k.nfc"), encoding: .utf8)
        let as4K = home.path + "/type4k.nfc"
        try flipper.replacingOccurrences(of: "Mifare Classic type: 1K", with: "Mifare Classic type: 4K")
            .write(toFile: as4K, atomically: true, encoding: .utf8)
        let fromFlipper = try await Self.importJSON(home, as4K, "type4k-out.nfc")
        #expect((fromFlipper.json["chip"] as? [String: Any])?["model"] as? String == "mifare-classic-1k")
        #expect((fromFlipper.json["notes"] as? [String])?.contains { $0.contains("Mifare Classic type: 4K") } == true)
        // 256 blocks under a 1K type line: a 4K.
        let big = home.path + "/big.nfc"
        #expect(await home.run(["sim", "new", "mifare-classic-4k", big, "--uid", "8A5C2E1B"]).status == 0)
        let bigText = try String(contentsOfFile: big, encoding: .utf8)
        let as1K = home.path + "/type1k.nfc"
        try bigText.replacingOccurrences(of: "Mifare Classic type: 4K", with: "Mifare Classic type: 1K")
            .write(toFile: as1K, atomically: true, encoding: .utf8)
        let fromBig = try await Self.importJSON(home, as1K, "type1k-out.nfc")
        #expect((fromBig.json["chip"] as? [String: Any])?["model"] as? String == "mifare-classic-4k")
        // A 4K's blocks with one missing in the middle: refused, naming it, nothing written.
        let gap = home.path + "/gap.nfc"
        try bigText.replacingOccurrences(of: "Block 100: ", with: "# Block 100: ")
            .write(toFile: gap, atomically: true, encoding: .utf8)
        let refused = await home.run(["sim", "import", gap, home.path + "/gap-out.nfc"])
        #expect(refused.status == 65)
        #expect(refused.io.errorOutput.contains("'Block 100'"), "\(refused.io.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/gap-out.nfc"))
    }
}

extension DumpImportFidelityTests {
    @Test("A cut Flipper SLIX or DESFire file is refused with 65 and nothing written, or says what it lacks")
    func cutFilesThroughTheCommand() async throws {
        let home = try CLIHome("cut-files")
        defer { home.remove() }
        for (index, name) in ["flipper/Slix_cap_accept_all_pass.nfc", "flipper/DESFire_NfcFileFormats_example.nfc"]
            .enumerated()
        {
            let bytes = Array(try Data(contentsOf: Self.dumps.appendingPathComponent(name)))
            for offset in stride(from: 1, to: bytes.count, by: 37) {
                let cut = home.path + "/cut.nfc"
                let out = home.path + "/cut-out-\(index)-\(offset).nfc"
                try Data(bytes[..<offset]).write(to: URL(fileURLWithPath: cut))
                let result = await home.run(["sim", "import", cut, out])
                if result.status == 0 {
                    #expect(bytes[offset - 1] == 0x0A, "\(name) at \(offset)")
                    #expect(result.io.errorOutput.contains("not in the dump"), "\(name) at \(offset)")
                } else {
                    #expect(result.status == 65, "\(name) at \(offset): \(result.io.errorOutput)")
                    #expect(!FileManager.default.fileExists(atPath: out))
                }
            }
            // Cut inside its last line: the missing line end is named.
            let cut = home.path + "/last.nfc"
            try Data(bytes.dropLast(2)).write(to: URL(fileURLWithPath: cut))
            let result = await home.run(["sim", "import", cut, home.path + "/last-out-\(index).nfc"])
            #expect(result.status == 65)
            #expect(result.io.errorOutput.contains("has no line end"), "\(result.io.errorOutput)")
        }
    }

    @Test("A Flipper SLIX file's Capabilities is kept, said not emulated, and exported back byte for byte")
    func slixCapabilities() async throws {
        let home = try CLIHome("slix-capabilities")
        defer { home.remove() }
        for name in ["Slix_cap_accept_all_pass.nfc", "Slix_cap_default.nfc"] {
            let file = Self.dumps.appendingPathComponent("flipper/" + name).path
            let tag = home.path + "/" + name
            let imported = await home.run(["sim", "import", file, tag])
            #expect(imported.status == 0, "\(imported.io.errorOutput)")
            let accepts = name.contains("accept")
            #expect(imported.io.outputText.contains("Capabilities: Accept all passwords") == accepts)
            #expect(imported.io.outputText.contains("not emulated") == accepts)
            let back = home.path + "/back-" + name
            #expect(await home.run(["sim", "export", tag, "--flipper", back]).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: file)))
        }
        // A value the firmware does not write is refused, as the firmware refuses it.
        let text = try String(
            contentsOf: Self.dumps.appendingPathComponent("flipper/Slix_cap_default.nfc"), encoding: .utf8)
        let odd = home.path + "/odd.nfc"
        try text.replacingOccurrences(of: "Capabilities: Default", with: "Capabilities: Everything")
            .write(toFile: odd, atomically: true, encoding: .utf8)
        let refused = await home.run(["sim", "import", odd, home.path + "/odd-out.nfc"])
        #expect(refused.status == 65)
        #expect(refused.io.errorOutput.contains("'Capabilities'"), "\(refused.io.errorOutput)")
    }

    @Test(
        "A Flipper DESFire import's JSON has null, not \"\", where there is no CC; a PICC Version that contradicts itself is said"
    )
    func desfireJSONAndVersion() async throws {
        let home = try CLIHome("desfire-version")
        defer { home.remove() }
        let file = Self.dumps.appendingPathComponent("flipper/DESFire_NfcFileFormats_example.nfc").path
        let imported = try await Self.importJSON(home, file, "d.nfc")
        #expect(imported.status == 0)
        #expect(imported.json["cc"] is NSNull, "\(imported.json["cc"] ?? "absent")")
        #expect(!imported.errors.contains("PICC Version"), "the example agrees with itself: \(imported.errors)")
        // Software storage 18 (4 KB) under hardware 1A (8 KB); a hardware storage 18 on an EV2; another UID.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let version = "PICC Version: 04 01 01 12 00 1A 05 04 01 01 02 01 1A 05 04 2F 19 0A CD 66 80"
        for (edited, said) in [
            ("PICC Version: 04 01 01 12 00 1A 05 04 01 01 02 01 18 05 04 2F 19 0A CD 66 80", "software storage size"),
            ("PICC Version: 04 01 01 12 00 18 05 04 01 01 02 01 18 05 04 2F 19 0A CD 66 80", "8192 bytes"),
            ("PICC Version: 04 01 01 12 00 1A 05 04 01 01 02 01 1A 05 04 2F 19 0A CD 66 81", "UID line's"),
        ] {
            let path = home.path + "/edited.nfc"
            try text.replacingOccurrences(of: version, with: edited).write(
                toFile: path, atomically: true, encoding: .utf8)
            let result = await home.run(["sim", "import", path, home.path + "/edited-out.nfc", "--force"])
            #expect(result.status == 0, "\(result.io.errorOutput)")
            #expect(result.io.errorOutput.contains(said), "\(said): \(result.io.errorOutput)")
            #expect(result.io.errorOutput.contains("GetVersion with the MIFARE DESFire EV2"))
        }
    }
}

extension DumpImportFidelityTests {
    @Test(
        "A file no reader claims is refused as the format its content is closest to, naming the file, 65, nothing made")
    func refusalsNameFormatAndFile() async throws {
        let home = try CLIHome("refusals")
        defer { home.remove() }
        let card = home.path + "/card.nfc"
        #expect(await home.run(["sim", "new", "mifare-classic-1k", card, "--uid", "8A5C2E1B"]).status == 0)
        let eml = home.path + "/card.eml"
        #expect(await home.run(["sim", "export", card, "--eml", eml]).status == 0)
        var lines = try String(contentsOfFile: eml, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2].removeLast()
        let badEML = home.path + "/bad.eml"
        try lines.joined(separator: "\n").write(toFile: badEML, atomically: true, encoding: .utf8)
        let shortBin = home.path + "/short.bin"
        try Data([0x04, 0x00] + [UInt8](repeating: 0x5A, count: 98)).write(to: URL(fileURLWithPath: shortBin))
        let text = home.path + "/notes.txt"
        try "hello world\n".write(toFile: text, atomically: true, encoding: .utf8)
        let cases: [([String], [String])] = [
            (
                ["sim", "import", badEML, home.path + "/o1.nfc"],
                ["bad.eml", "Proxmark3 .eml", "line 3", "31 characters"]
            ),
            (["info", "--tag", badEML], ["bad.eml", "Proxmark3 .eml", "line 3"]),
            (
                ["sim", "import", shortBin, home.path + "/o2.nfc"],
                ["short.bin", "100 bytes", "1024 or 4096", "--model"]
            ),
            (["read", "--tag", shortBin], ["short.bin", "100 bytes"]),
            (
                ["sim", "import", shortBin, home.path + "/o3.nfc", "--model", "ntag213"],
                ["short.bin", "100 bytes", "180"]
            ),
            (["sim", "import", text, home.path + "/o4.nfc"], ["notes.txt", "line 1", "'hello world'"]),
        ]
        for (arguments, said) in cases {
            let result = await home.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.io.errorOutput)")
            for words in said { #expect(result.io.errorOutput.contains(words), "\(words): \(result.io.errorOutput)") }
            #expect(!result.io.errorOutput.contains("Filetype: Flipper NFC device'; this is not"))
        }
        for name in ["o1.nfc", "o2.nfc", "o3.nfc", "o4.nfc"] {
            #expect(!FileManager.default.fileExists(atPath: home.path + "/" + name))
        }
        // A block given twice in a Proxmark3 JSON dump: named by its JSON place, not 'line 0'.
        let json = try String(
            contentsOf: Self.dumps.appendingPathComponent("proxmark3/bambu-2D96E03B-mfc1k.json"), encoding: .utf8)
        let twice = home.path + "/twice.json"
        try json.replacingOccurrences(
            of: "\"blocks\": {", with: "\"blocks\": {\n    \"5\": \"00000000000000000000000000000000\",", options: [],
            range: nil
        ).write(toFile: twice, atomically: true, encoding: .utf8)
        let duplicate = await home.run(["sim", "import", twice, home.path + "/o5.nfc"])
        #expect(duplicate.status == 65)
        #expect(
            duplicate.io.errorOutput.contains("'$.blocks' gives block 5 a second time"), "\(duplicate.io.errorOutput)")
        #expect(!duplicate.io.errorOutput.contains("line 0"))
        // A card whose sector 0 no public key opens: the MAD is said unreadable, not "missing".
        let laundry = Self.dumps.appendingPathComponent("flipper-nfc/laundr-mfc1k.nfc").path
        let info = await home.run(["info", "--tag", laundry])
        #expect(info.io.outputText.contains("could not be read: neither the MAD key"), "\(info.io.outputText)")
        #expect(!info.io.outputText.contains("missing from the card image"))
    }
}
