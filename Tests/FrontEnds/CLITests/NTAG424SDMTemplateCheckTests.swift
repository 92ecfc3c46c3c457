import Foundation
import TapCardCLI
import Testing

/// Issue 25, item 2, on a virtual NTAG 424 DNA through the CLI: `ntag424 sdm setup` refuses a
/// template that mirrors no counter (its URL replays forever) unless `--allow-static-url`; a template
/// with other parameter names or path style is set up, verified once off the tag, and said to need
/// `sun verify --template`, which then verifies the tag's URLs; a check under the wrong keys is not a
/// success. Before, all of these templates were accepted, and their URLs refused by `sun verify`.
@Suite struct NTAG424SDMTemplateCheckTests {
    static let zero = String(repeating: "0", count: 32)

    private func run(_ arguments: [String], home: String) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func tag() async throws -> (home: String, path: String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-sdmcheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let path = url.path + "/tag.t4"
        let created = await run(["sim", "new", "ntag424", path], home: url.path)
        #expect(created.status == 0, "\(created.io.errorOutput)")
        return (url.path, path)
    }

    @Test(
        "A template without a counter is refused, saying why, and the tag is not touched",
        arguments: ["https://h.example/p?u={uid}&c={mac}", "https://h.example/p?c={mac}"])
    func staticRefused(template: String) async throws {
        let (home, path) = try await tag()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = await run(["ntag424", "sdm", "setup", "--tag", path, "--url-template", template], home: home)
        #expect(result.status == 65)
        #expect(
            result.io.errorOutput.contains("replayed forever") && result.io.errorOutput.contains("--allow-static-url"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let allowed = await run(
            ["ntag424", "sdm", "setup", "--tag", path, "--url-template", template, "--allow-static-url", "--json"],
            home: home)
        #expect(allowed.status == 0, "\(allowed.io.errorOutput)")
        let tap = try #require(try object(allowed.io.outputText)["tap"] as? [String: Any])
        #expect(tap["reason"] as? String == "static-url")
    }

    @Test("{ctr} without {uid} is refused")
    func counterWithoutUID() async throws {
        let (home, path) = try await tag()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = await run(
            ["ntag424", "sdm", "setup", "--tag", path, "--url-template", "https://h.example/p?n={ctr}&c={mac}"],
            home: home)
        #expect(result.status == 65)
        #expect(result.io.errorOutput.contains("{ctr} without {uid}"))
    }

    @Test(
        "Other names and path style: set up, one URL verified off the tag, and sun verify --template verifies the next",
        arguments: [
            "https://h.example/p?x={picc}&y={mac}", "https://h.example/p/{picc}/{mac}",
            "https://h.example/p?u={uid}&n={ctr}&c={mac}", "https://h.example/t/{picc}?d={enc}&m={mac}",
        ])
    func otherNamesVerify(template: String) async throws {
        let (home, path) = try await tag()
        defer { try? FileManager.default.removeItem(atPath: home) }
        var setup = ["ntag424", "sdm", "setup", "--tag", path, "--url-template", template, "--json"]
        if template.contains("{enc}") { setup += ["--file-data", "0123456789abcdef"] }
        let result = await run(setup, home: home)
        #expect(result.status == 0, "\(result.io.errorOutput)")
        let tap = try #require(try object(result.io.outputText)["tap"] as? [String: Any])
        #expect(tap["verified"] as? Bool == true && tap["needs_template"] as? Bool == true)
        let read = await run(["read", "--tag", path, "--json"], home: home)
        let url = try #require(
            read.io.outputText.components(separatedBy: "\"").first { $0.hasPrefix("https://h.example/") })
        let without = await run(["sun", "verify", url, "--meta-key", Self.zero, "--file-key", Self.zero], home: home)
        #expect(without.status != 0)
        let with = await run(
            ["sun", "verify", url, "--meta-key", Self.zero, "--file-key", Self.zero, "--template", template, "--json"],
            home: home)
        #expect(with.status == 0, "\(url): \(with.io.errorOutput)")
        #expect(try object(with.io.outputText)["counter"] as? Int == (tap["counter"] as? Int).map { $0 + 1 })
    }

    @Test("The standard names need no template; the check under a wrong file key is not a success")
    func standardNamesAndWrongKey() async throws {
        let (home, path) = try await tag()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let template = "https://h.example/p?e={picc}&c={mac}"
        let good = await run(
            ["ntag424", "sdm", "setup", "--tag", path, "--url-template", template, "--json"], home: home)
        #expect(good.status == 0)
        let tap = try #require(try object(good.io.outputText)["tap"] as? [String: Any])
        #expect(tap["verified"] as? Bool == true && tap["needs_template"] as? Bool == false)
        let wrong = await run(
            [
                "ntag424", "sdm", "setup", "--tag", path, "--url-template", template, "--file-key",
                String(repeating: "1", count: 32),
            ], home: home)
        #expect(wrong.status == 1)
        #expect(wrong.io.outputText.contains("does NOT verify"))
    }
}
