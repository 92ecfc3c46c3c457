import Foundation
import TapCardCLI
import Testing

/// `tapcard sim new|show|import|export` for virtual Type 5 tags (ICODE SLIX2, ST25DV04K).
@Suite struct SimType5CommandTests {
    private func run(_ arguments: [String]) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO()
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-sim5-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func newSLIX2IsFormattedAsTheFormatterDoes() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("slix.nfc").path
        let result = await run(["sim", "new", "icode-slix2", path, "--uid", "E0040108024044E7", "--json"])
        #expect(result.status == 0)
        let json = try object(result.io.outputText)
        #expect(json["schema_version"] as? Int == 1)
        #expect((json["chip"] as? [String: Any])?["model"] as? String == "icode-slix2")
        #expect((json["uid"] as? [String: Any])?["hex"] as? String == "e0040108024044e7")
        // CC E1 40 MLEN 00 with MLEN = (79 × 4 − 4) / 8 = 39 = 0x27.
        #expect(json["cc"] as? String == "e1402700")
        #expect(json["blocks"] as? Int == 80)
        #expect(json["locked_blocks"] as? [Int] == [])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\nDevice type: SLIX\n"))
        #expect(text.contains("\nData Content: E1 40 27 00 03 00 FE 00 00"))
        #expect(text.contains("\nBlock Count: 80\n"))
    }

    @Test func blankST25DV04KThenShow() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("st.nfc").path
        let created = await run(["sim", "new", "st25dv04k", path, "--blank"])
        #expect(created.status == 0)
        #expect(created.io.outputText.contains("Created ST25DV04K virtual tag"))
        let shown = await run(["sim", "show", path, "--json"])
        #expect(shown.status == 0)
        let json = try object(shown.io.outputText)
        #expect(json["action"] as? String == "shown")
        #expect(json["formatted"] as? Bool == false)
        #expect(json["blocks"] as? Int == 128)
        #expect(json["ic_reference"] as? Int == 0x24)
        let text = await run(["sim", "show", path])
        #expect(text.io.outputText.contains("128 blocks of 4 bytes"))
        #expect(text.io.outputText.contains("blank or foreign"))
    }

    @Test func wrongUIDIsRefusedAndNothingWritten() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bad.nfc").path
        let result = await run(["sim", "new", "st25dv04k", path, "--uid", "E0040108024044E7"])
        #expect(result.status == 65)
        #expect(result.io.errorOutput.contains("not a ST25DV04K UID") || result.io.errorOutput.contains("ST25DV04K"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func importExportRoundTripThenRead() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("source.nfc").path
        #expect(await run(["sim", "new", "icode-slix2", source]).status == 0)
        let imported = directory.appendingPathComponent("imported.nfc").path
        let result = await run(["sim", "import", source, imported, "--json"])
        #expect(result.status == 0)
        #expect(try object(result.io.outputText)["action"] as? String == "imported")
        #expect(
            try String(contentsOfFile: imported, encoding: .utf8) == String(contentsOfFile: source, encoding: .utf8))
        let flipper = directory.appendingPathComponent("out.nfc").path
        let binary = directory.appendingPathComponent("out.bin").path
        #expect(await run(["sim", "export", imported, "--flipper", flipper, "--bin", binary]).status == 0)
        #expect(try String(contentsOfFile: flipper, encoding: .utf8) == String(contentsOfFile: source, encoding: .utf8))
        let image = try [UInt8](Data(contentsOf: URL(fileURLWithPath: binary)))
        #expect(image.count == 320)
        #expect(Array(image.prefix(8)) == [0xE1, 0x40, 0x27, 0x00, 0x03, 0x00, 0xFE, 0x00])
        let io = CheckedIO(environment: ["TAPCARD_HOME": directory.path])
        let status = await CLI.run(["read", "--tag", imported], io: io)
        // The tag commands take the imported file as a Type 5 tag.
        #expect(status == 0, "\(io.errorOutput)")
        #expect(io.outputText.contains("NFC Forum Type 5"))
        #expect(io.outputText.contains("empty"))
    }
}
