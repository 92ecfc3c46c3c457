import Foundation
import TapCardCLI
import Testing

/// Every `--json` document of a MIFARE Classic's tag verbs, kept for the schema check
/// (scripts/check-json-schema.py validates every document the CLI tests print): the schema said
/// `forum_type` is 2, 3, 4 or 5, so every Classic document (`forum_type` 0, as README.md and
/// json.md document it) failed it, and no test printed one.
@Suite struct ClassicJSONTests {
    func run(_ arguments: [String], home: String) async -> (status: Int32, out: String, err: String) {
        await CLIHome.run(arguments, home: home)
    }

    @Test(arguments: ["mifare-classic-1k", "mifare-classic-4k"])
    func everyVerbPrintsForumTypeZero(model: String) async throws {
        let home = try CLIHome("classic-json").path
        let tag = home + "/card.nfc"
        #expect(await run(["sim", "new", model, tag, "--blank"], home: home).status == 0)
        let steps: [[String]] = [
            ["format"], ["format"], ["write", "text", "hello"], ["read"], ["info"], ["erase"],
            ["write", "uri", "https://example.com/c"], ["lock", "--yes-lock-permanently"],
            ["lock", "--yes-lock-permanently"],
        ]
        for step in steps {
            let result = await run(step + ["--tag", tag, "--json"], home: home)
            #expect(result.status == 0, "\(step): \(result.err)")
            let line = result.out.split(separator: "\n").last.map(String.init) ?? ""
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(step)")
            #expect(object["forum_type"] as? Int == 0, "\(step)")
            #expect(object["schema_version"] as? Int == 1, "\(step)")
        }
    }
}
