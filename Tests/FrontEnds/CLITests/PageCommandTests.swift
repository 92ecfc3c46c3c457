import Foundation
import TapCardCLI
import Testing

@Suite("tapcard page")
struct PageCommandTests {
    func run(_ arguments: [String]) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO()
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    @Test("The .vcf is byte for byte tapcard vcard's, and --json lists the files and the write line")
    func pageWritesTheSite() async throws {
        let out = NSTemporaryDirectory() + "tapcard-page-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: out) }
        let vcard = await run(["vcard"] + CardCommandTests.jane)
        let page = await run(
            ["page"] + CardCommandTests.jane + [
                "--out", out, "--base-url", "https://acme.example/jane", "--app-id", "ABCDE12345.com.example.tapcard",
                "--json",
            ])
        #expect(page.status == 0, "\(page.io.errorOutput)")
        let written = try Data(contentsOf: URL(fileURLWithPath: out + "/contact.vcf"))
        #expect(Array(written) == vcard.io.output)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(page.io.output)) as? [String: Any])
        #expect(object["schema_version"] as? Int == 1)
        let paths = (object["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(paths == ["index.html", "contact.vcf", "_headers", ".well-known/apple-app-site-association"])
        #expect(object["write_command"] as? String == "tapcard write uri https://acme.example/jane")
        #expect(object["message_bytes"] as? Int == 22)
        let tags = try #require(object["tags"] as? [[String: Any]])
        #expect(tags.map { $0["model"] as? String } == ["ntag213", "ntag215", "ntag216"])
        #expect(tags.allSatisfy { $0["fits"] as? Bool == true })
        #expect(FileManager.default.fileExists(atPath: out + "/.well-known/apple-app-site-association"))
    }

    @Test("--out is required; a bad base URL or app ID exits 65; no name exits 65")
    func pageRefusals() async {
        #expect(await run(["page", "--name", "Ada"]).status == 64)
        let out = NSTemporaryDirectory() + "tapcard-page-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(await run(["page", "--name", "Ada", "--out", out, "--base-url", "ftp://x"]).status == 65)
        #expect(await run(["page", "--name", "Ada", "--out", out, "--app-id", "nope"]).status == 65)
        #expect(await run(["page", "--org", "Acme", "--out", out]).status == 65)
        #expect(await run(["page", "--name", "Ada", "--out", out, "--lang", "e n"]).status == 64)
    }
}
