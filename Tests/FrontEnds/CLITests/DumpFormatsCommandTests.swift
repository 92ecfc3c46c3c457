import Foundation
import Testing

/// `sim import`, `sim export --proxmark3`, `read --tag` and `info --tag` on other tools' dumps.
@Suite struct DumpFormatsCommandTests {
    static let dumps = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/dumps").path
    static let proxmark3 = dumps + "/proxmark3/sasquach-ntag213.json"

    @Test func importsAProxmark3DumpAndExportsItBackByteForByte() async throws {
        let home = try CLIHome("pm3-import")
        defer { home.remove() }
        let tag = home.path + "/s.nfc"
        let imported = await home.run(["sim", "import", Self.proxmark3, tag])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(imported.io.outputText.contains("Imported NTAG213 virtual tag"))
        let out = home.path + "/again.json"
        let exported = await home.run(["sim", "export", tag, "--proxmark3", out])
        #expect(exported.status == 0, "\(exported.io.errorOutput)")
        // The fixture was written by this exporter: the round trip gives the same file.
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: Self.proxmark3)))
    }

    @Test func readsAndInfosADumpWithoutChangingIt() async throws {
        let home = try CLIHome("pm3-read")
        defer { home.remove() }
        let copy = home.path + "/dump.json"
        try FileManager.default.copyItem(atPath: Self.proxmark3, toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let read = await home.run(["read", "--tag", copy])
        #expect(read.status == 0, "\(read.io.errorOutput)")
        #expect(read.io.outputText.contains("talkingsasquach.com"))
        let info = await home.run(["info", "--tag", copy])
        #expect(info.status == 0, "\(info.io.errorOutput)")
        #expect(info.io.outputText.contains("Chip: NTAG213"))
        let write = await home.run(["write", "text", "hi", "--tag", copy])
        #expect(write.status == 1)
        #expect(write.io.errorOutput.contains("is a Proxmark3 dump, which TapCard reads but never changes"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }

    @Test func aTruncatedDumpIsRefusedWithItsLineAndLeavesNoFile() async throws {
        let home = try CLIHome("pm3-truncated")
        defer { home.remove() }
        let cut = home.path + "/cut.json"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.proxmark3))
        try bytes.prefix(1373).write(to: URL(fileURLWithPath: cut))
        let tag = home.path + "/t.nfc"
        let imported = await home.run(["sim", "import", cut, tag])
        #expect(imported.status == 65)
        #expect(imported.io.errorOutput.contains("Line 62 (byte 1373)"))
        #expect(!FileManager.default.fileExists(atPath: tag))
    }

    @Test func theFirmwaresFeliCaFileImportsAndTheContradictionIsSaid() async throws {
        let home = try CLIHome("felica-import")
        defer { home.remove() }
        let tag = home.path + "/f.nfc"
        let imported = await home.run(["sim", "import", Self.dumps + "/flipper/Felica.nfc", tag])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(imported.io.outputText.contains("Imported FeliCa Lite-S virtual tag"))
        #expect(imported.io.errorOutput.contains("names IC code 4E but block 83h (D_ID) names F1"))
    }

    @Test func aProxmark3ISO15693DumpImportsReadsAndExportsBack() async throws {
        let home = try CLIHome("pm3-15693")
        defer { home.remove() }
        let dump = Self.dumps + "/proxmark3/slix-cap-default-15693.json"
        let tag = home.path + "/slix.nfc"
        let imported = await home.run(["sim", "import", dump, tag])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(imported.io.outputText.contains("Imported ICODE SLIX2 virtual tag"))
        let info = await home.run(["info", "--tag", dump])
        #expect(info.status == 0, "\(info.io.errorOutput)")
        let out = home.path + "/again.json"
        let exported = await home.run(["sim", "export", tag, "--proxmark3", out])
        #expect(exported.status == 0, "\(exported.io.errorOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: dump)))
    }

    @Test func aProxmark3BinWithItsHeaderImportsWithModel() async throws {
        let home = try CLIHome("pm3-bin")
        defer { home.remove() }
        let tag = home.path + "/s.nfc"
        #expect(await home.run(["sim", "import", Self.proxmark3, tag]).status == 0)
        let raw = home.path + "/raw.bin"
        #expect(await home.run(["sim", "export", tag, "--bin", raw]).status == 0)
        var bytes = [UInt8](repeating: 0, count: 56)
        bytes[0...7] = [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x0F, 0x03]
        bytes[52...55] = [0x07, 0x00, 0x00, 0xBD]
        bytes += [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        let binary = home.path + "/hf-mfu.bin"
        try Data(bytes).write(to: URL(fileURLWithPath: binary))
        let imported = await home.run(["sim", "import", binary, home.path + "/b.nfc", "--model", "ntag213", "--json"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        let wrongModel = await home.run(["sim", "import", binary, home.path + "/c.nfc", "--model", "ntag215"])
        #expect(wrongModel.status == 65)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/c.nfc"))
    }

    @Test func aFlipperDESFireFileImportsSayingWhatItLacksAndStaysReadOnly() async throws {
        let home = try CLIHome("flipper-desfire")
        defer { home.remove() }
        let copy = home.path + "/desfire.nfc"
        try FileManager.default.copyItem(
            atPath: Self.dumps + "/flipper/DESFire_NfcFileFormats_example.nfc", toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let imported = await home.run(["sim", "import", copy, home.path + "/d.nfc"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(imported.io.outputText.contains("MIFARE DESFire EV2 (8 KB)"))
        #expect(imported.io.errorOutput.contains("not in the dump: the PICC master key (DES): zeros here"))
        let read = await home.run(["read", "--tag", copy])
        #expect(read.status == 0, "\(read.io.errorOutput)")
        let format = await home.run(["format", "--tag", copy])
        #expect(format.status == 1)
        #expect(format.io.errorOutput.contains("is a Flipper Zero DESFire file, which TapCard reads but never changes"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }

    /// A Flipper file that read fewer pages than the chip has (an Ultralight C's key pages) says
    /// which pages are unknown.
    @Test func aProxmark3DESFireKeyFileIsRefusedSayingWhatItHoldsAndLacks() async throws {
        let home = try CLIHome("pm3-mfdes")
        defer { home.remove() }
        // In the layout client/src/fileutils.c (jsfMfDesfireKeys) gives 'hf mfdes chk --json':
        // the card's UID, SAK, ATQA, ATS and the keys found, by kind and key number.
        let keys = home.path + "/keys.json"
        try Data(
            """
            {
              "Created": "proxmark3",
              "FileType": "mfdes",
              "Card": {
                "UID": "042F190ACD6680",
                "SAK": "20",
                "ATQA": "0344",
                "ATS": "0675778102"
              },
              "DES": {
                "0": {
                  "Key": "0000000000000000"
                }
              },
              "AES": {
                "0": {
                  "Key": "00000000000000000000000000000000"
                },
                "1": {
                  "Key": "00112233445566778899AABBCCDDEEFF"
                }
              }
            }
            """.utf8
        ).write(to: URL(fileURLWithPath: keys))
        let out = home.path + "/card.nfc"
        for arguments in [["sim", "import", keys, out], ["read", "--tag", keys], ["info", "--tag", keys]] {
            let refused = await home.run(arguments)
            #expect(refused.status == 65, "\(arguments): \(refused.io.errorOutput)")
            #expect(refused.io.errorOutput.contains("'hf mfdes chk --json'"))
            #expect(refused.io.errorOutput.contains("3 keys the check found and the UID 04 2F 19 0A CD 66 80"))
            #expect(refused.io.errorOutput.contains("no application, no file and no file content"))
        }
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func unreadPagesAreNamed() async throws {
        let home = try CLIHome("unread-pages")
        defer { home.remove() }
        let tag = try await home.newTag("ultralight-c", "c.nfc")
        let exported = home.path + "/flipper.nfc"
        #expect(await home.run(["sim", "export", tag, "--flipper", exported]).status == 0)
        let text = try String(contentsOfFile: exported, encoding: .utf8)
            .replacingOccurrences(of: "Pages read: 48", with: "Pages read: 44")
        try text.write(toFile: exported, atomically: true, encoding: .utf8)
        let imported = await home.run(["sim", "import", exported, home.path + "/again.nfc"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(
            imported.io.errorOutput.contains(
                "not in the dump: the 3DES key (pages 44–47): not read (the file says 44 of 48 pages were read)"))
        // read and info of the dump say it too.
        let read = await home.run(["info", "--tag", exported])
        #expect(read.io.errorOutput.contains("the 3DES key (pages 44–47): not read"))
    }

    /// A Momentum / Unleashed 'Type 4 Tag' file: imported saying what it lacks, read as it is,
    /// never changed, exported back with the same message; a cut one is refused (65), no file made.
    @Test func aFlipperType4TagFileImportsReadsAndExports() async throws {
        let home = try CLIHome("flipper-type4")
        defer { home.remove() }
        let tag = try await home.newTag("type4", "t.nfc")
        #expect(await home.run(["write", "uri", "https://tapcard.example/t4", "--tag", tag]).status == 0)
        let flipper = home.path + "/t4.nfc"
        let exported = await home.run(["sim", "export", tag, "--flipper", flipper])
        #expect(exported.status == 0, "\(exported.io.errorOutput)")
        #expect(exported.io.errorOutput.contains("not in the file"))
        let text = try String(contentsOfFile: flipper, encoding: .utf8)
        #expect(text.contains("Device type: Type 4 Tag"))
        let imported = await home.run(["sim", "import", flipper, home.path + "/again.nfc"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(imported.io.errorOutput.contains("not in the dump: the Capability Container"))
        let read = await home.run(["read", "--tag", flipper])
        #expect(read.status == 0, "\(read.io.errorOutput)")
        #expect(read.io.outputText.contains("https://tapcard.example/t4"))
        let write = await home.run(["write", "text", "hi", "--tag", flipper])
        #expect(write.status == 1)
        #expect(write.io.errorOutput.contains("is a Flipper Zero Type 4 file, which TapCard reads but never changes"))
        #expect(try String(contentsOfFile: flipper, encoding: .utf8) == text)
        // Export of the import gives the same file.
        let twice = home.path + "/t4-again.nfc"
        #expect(await home.run(["sim", "export", home.path + "/again.nfc", "--flipper", twice]).status == 0)
        #expect(try String(contentsOfFile: twice, encoding: .utf8) == text)
        // Cut inside the message: refused with its line, nothing written.
        let cut = home.path + "/cut.nfc"
        try String(text.dropLast(10)).write(toFile: cut, atomically: true, encoding: .utf8)
        let refused = await home.run(["sim", "import", cut, home.path + "/c.nfc"])
        #expect(refused.status == 65)
        #expect(refused.io.errorOutput.contains("does not make a Type 4 tag: Line"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/c.nfc"))
    }

    /// `sim export --flipper` of a DESFire virtual tag writes the firmware's format, saying the keys are not in it.
    @Test func aDESFireVirtualTagExportsAsAFlipperFile() async throws {
        let home = try CLIHome("desfire-export")
        defer { home.remove() }
        let tag = try await home.newTag("desfire-ev3-4k", "d.nfc")
        let out = home.path + "/d-flipper.nfc"
        let exported = await home.run(["sim", "export", tag, "--flipper", out])
        #expect(exported.status == 0, "\(exported.io.errorOutput)")
        #expect(exported.io.errorOutput.contains("the PICC master key and every application key"))
        let imported = await home.run(["sim", "import", out, home.path + "/back.nfc"])
        #expect(imported.status == 0, "\(imported.io.errorOutput)")
        #expect(imported.io.outputText.contains("MIFARE DESFire EV3"))
        let bin = await home.run(["sim", "export", tag, "--bin", home.path + "/d.bin"])
        #expect(bin.status != 0)
        #expect(!FileManager.default.fileExists(atPath: home.path + "/d.bin"))
    }
}
