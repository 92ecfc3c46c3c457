import Foundation
import TapCardCLI
import Testing

/// Issue 25, item 4, through the CLI on a virtual NTAG 424 DNA: `ntag424 sdm setup --lrp` lays the
/// template out for LRP, switches the tag (only with `--yes-lrp-permanently`, checked before the tag
/// is opened), verifies one URL off it, and from then on the tag's URLs verify with `sun verify`,
/// with the standard names or with `--template`; a tag in LRP mode refuses AES authentication, so a
/// second setup or a key change says so instead of reporting a wrong key.
@Suite struct NTAG424LRPSetupTests {
    static let zero = String(repeating: "0", count: 32)

    private func url(_ path: String, home: CLIHome) async throws -> String {
        let read = await home.run(["read", "--tag", path, "--json"])
        return try #require(
            read.io.outputText.components(separatedBy: "\"").first { $0.hasPrefix("https://h.example/") })
    }

    @Test("--lrp without --yes-lrp-permanently, or without {picc}, is refused and the tag is byte-identical")
    func refusals() async throws {
        let home = try CLIHome("lrp")
        defer { home.remove() }
        let path = try await home.newTag("ntag424", "tag.t4")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let unconfirmed = await home.run(
            [
                "ntag424", "sdm", "setup", "--tag", path, "--url-template", "https://h.example/p?e={picc}&c={mac}",
                "--lrp",
            ])
        #expect(unconfirmed.status == 1)
        #expect(unconfirmed.io.errorOutput.contains("--yes-lrp-permanently"))
        let plain = await home.run(
            [
                "ntag424", "sdm", "setup", "--tag", path, "--url-template",
                "https://h.example/p?uid={uid}&ctr={ctr}&c={mac}",
                "--lrp", "--yes-lrp-permanently",
            ])
        #expect(plain.status == 65)
        #expect(plain.io.errorOutput.contains("needs {picc}"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test(
        "Set up in LRP mode, the tag's URLs verify as LRP; a second setup and a key change are refused as LRP",
        arguments: ["https://h.example/p?e={picc}&c={mac}", "https://h.example/t/{picc}?d={enc}&m={mac}"])
    func setUpAndVerify(template: String) async throws {
        let home = try CLIHome("lrp")
        defer { home.remove() }
        let path = try await home.newTag("ntag424", "tag.t4")
        var setup = [
            "ntag424", "sdm", "setup", "--tag", path, "--url-template", template, "--lrp", "--yes-lrp-permanently",
            "--json",
        ]
        if template.contains("{enc}") { setup += ["--file-data", "0123456789abcdef"] }
        let result = await home.run(setup)
        #expect(result.status == 0, "\(result.io.errorOutput)")
        let report = try CLIHome.object(result.io.outputText)
        #expect(report["steps"] as? [String] == ["ndef-file", "file-settings", "lrp-mode"])
        #expect(report["secure_messaging"] as? String == "lrp")
        let tap = try #require(report["tap"] as? [String: Any])
        #expect(tap["verified"] as? Bool == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Secure messaging: LRP"))

        let url = try await url(path, home: home)
        var verify = ["sun", "verify", url, "--meta-key", Self.zero, "--file-key", Self.zero, "--json"]
        if tap["needs_template"] as? Bool == true { verify += ["--template", template] }
        let verified = await home.run(verify)
        #expect(verified.status == 0, "\(url): \(verified.io.errorOutput)")
        #expect(
            try CLIHome.object(verified.io.outputText)["counter"] as? Int == (tap["counter"] as? Int).map { $0 + 1 })
        // The PICCData the tag mirrored is LRP's: 48 hex digits after e= or /t/.
        let marker = template.contains("e={picc}") ? "e=" : "/t/"
        let picc = try #require(url.components(separatedBy: marker).last).prefix { $0.isHexDigit }
        #expect(picc.count == 48)

        let again = await home.run(setup.filter { $0 != "--json" })
        #expect(again.status == 1)
        #expect(again.io.errorOutput.contains("LRP mode") && again.io.errorOutput.contains("91 9D"))
        let keys = await home.run(
            [
                "ntag424", "keys", "--tag", path, "--yes-change-keys", "--print-new-keys", "--new-key",
                "1=" + String(repeating: "1", count: 32),
            ])
        #expect(keys.status != 0)
        #expect(keys.io.errorOutput.contains("LRP mode"))
    }
}
