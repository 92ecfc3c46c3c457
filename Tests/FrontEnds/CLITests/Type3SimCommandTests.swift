import Foundation
import TapCardCLI
import Testing

/// `tapcard sim new|show felica-lite-s`, and a tag command reading the file it made.
@Suite struct Type3SimCommandTests {
    private func run(_ arguments: [String]) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO()
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func temporaryFile() throws -> (URL, String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-t3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return (url, url.appendingPathComponent("card.nfc").path)
    }

    @Test func newFormattedCardShowsNDEFAttributeBlock() async throws {
        let (directory, path) = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let created = await run(["sim", "new", "felica-lite-s", path, "--idm", "012E112233445566", "--json"])
        #expect(created.status == 0)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(created.io.outputText.utf8)) as? [String: Any])
        #expect(json["idm"] as? String == "012e112233445566")
        #expect(json["system_codes"] as? [String] == ["88b4", "12fc"])
        let attribute = try #require(json["attribute"] as? [String: Any])
        #expect(
            attribute["nmaxb"] as? Int == 13 && attribute["capacity"] as? Int == 208 && attribute["ln"] as? Int == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("Device type: FeliCa\n") && text.contains("Manufacture id: 01 2E 11 22 33 44 55 66\n"))
        let shown = await run(["sim", "show", path])
        #expect(shown.status == 0 && shown.io.outputText.contains("Nmaxb 13 (208 bytes)"))
        // The tag commands read a FeliCa file now (Type3CommandsTests): formatted, it is empty.
        let read = await run(["read", "--tag", path, "--db", directory.appendingPathComponent("tags.db").path])
        #expect(read.status == 0 && read.io.outputText.contains("NDEF: empty message"))
    }

    @Test func blankCardHasNoNDEF() async throws {
        let (directory, path) = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(await run(["sim", "new", "felica-lite-s", path, "--blank"]).status == 0)
        let shown = await run(["sim", "show", path, "--json"])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(shown.io.outputText.utf8)) as? [String: Any])
        #expect(json["system_codes"] as? [String] == ["88b4"])
        #expect(json["attribute"] is NSNull)
        #expect(await run(["sim", "new", "felica-lite-s", path, "--force", "--idm", "0102"]).status != 0)
        // One word for a never-formatted tag on every model (issue 24): --blank on a Type 2 tag is
        // --unformatted, and --unformatted on a FeliCa card is --blank.
        #expect(await run(["sim", "new", "ntag215", path, "--force", "--blank"]).status == 0)
        let type2 = await run(["sim", "show", path, "--json"])
        let shown2 = try #require(
            try JSONSerialization.jsonObject(with: Data(type2.io.outputText.utf8)) as? [String: Any])
        #expect(shown2["formatted"] as? Bool == false)
        #expect(await run(["sim", "new", "felica-lite-s", path, "--force", "--unformatted"]).status == 0)
        #expect(await run(["sim", "new", "ntag424", path, "--force", "--blank"]).status == 64)
    }
}
