import Foundation
import TapCardCLI
import Testing

/// `tapcard ntag424 info | sdm setup | keys` on a virtual NTAG 424 DNA: the template's offsets in
/// the settings read back, the keys file created 0600 and never overwritten, keys printed only
/// when asked.
@Suite struct NTAG424CommandsTests {
    private func run(_ arguments: [String], home: String) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func tag() async throws -> (home: String, path: String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-424-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let path = url.path + "/tag.t4"
        #expect(await run(["sim", "new", "ntag424", path], home: url.path).status == 0)
        return (url.path, path)
    }

    @Test func sdmSetupThenInfo() async throws {
        let (home, path) = try await tag()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let bad = await run(
            ["ntag424", "sdm", "setup", "--tag", path, "--url-template", "https://a.b/?e={picc}"], home: home)
        #expect(bad.status == 65 && bad.io.errorOutput.contains("no {mac}"), "\(bad.io.errorOutput)")
        let setup = await run(
            [
                "ntag424", "sdm", "setup", "--tag", path, "--url-template",
                "https://choose.url.com/ntag424?e={picc}&c={mac}", "--json",
            ], home: home)
        #expect(setup.status == 0, "\(setup.io.errorOutput)")
        let json = try object(setup.io.outputText)
        #expect(json["schema_version"] != nil)
        #expect(json["picc_data_offset"] as? Int == 0x20)
        #expect(json["mac_offset"] as? Int == 0x43)
        #expect(json["verified"] as? Bool == true)
        let info = await run(["ntag424", "info", "--tag", path], home: home)
        #expect(info.status == 0, "\(info.io.errorOutput)")
        #expect(info.io.outputText.contains("UID and read counter mirrored encrypted (PICCData) with key 2"))
        #expect(info.io.outputText.contains("PICCDataOffset 32 (0x20)"))
    }

    @Test func keysGoToA0600FileAndNowhereElse() async throws {
        let (home, path) = try await tag()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let key = String(repeating: "5A", count: 16)
        let unconfirmed = await run(
            ["ntag424", "keys", "--tag", path, "--new-key", "1=\(key)", "--print-new-keys"], home: home)
        #expect(unconfirmed.status == 1 && unconfirmed.io.errorOutput.contains("--yes-change-keys"))
        let out = home + "/keys.txt"
        let changed = await run(
            [
                "ntag424", "keys", "--tag", path, "--yes-change-keys", "--new-key", "1=\(key)", "--new-key",
                "0=\(key)", "--new-keys-out", out, "--json",
            ], home: home)
        #expect(changed.status == 0, "\(changed.io.errorOutput)")
        #expect(!changed.io.outputText.contains(key) && !changed.io.errorOutput.contains(key))
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOfFile: out, encoding: .utf8).contains("key1=\(key)"))
        // The file is never overwritten; nothing is sent then.
        let again = await run(
            [
                "ntag424", "keys", "--tag", path, "--yes-change-keys", "--old-key", "0=\(key)", "--generate",
                "--new-keys-out", out,
            ], home: home)
        #expect(again.status == 65 && again.io.errorOutput.contains("never overwrites"))
        // The new key 0 reads the key versions; printing is only on request.
        let info = await run(["ntag424", "info", "--tag", path, "--key", key, "--json"], home: home)
        #expect(info.status == 0, "\(info.io.errorOutput)")
        let versions = try #require(try object(info.io.outputText)["key_versions"] as? [String: Any])
        #expect(versions["key_0"] as? Int == 1 && versions["key_1"] as? Int == 1 && versions["key_2"] as? Int == 0)
        let printed = await run(
            [
                "ntag424", "keys", "--tag", path, "--yes-change-keys", "--old-key", "0=\(key)", "--new-key",
                "2=\(key)", "--print-new-keys",
            ], home: home)
        #expect(printed.status == 0, "\(printed.io.errorOutput)")
        #expect(printed.io.outputText.contains("key2=\(key)"))
    }
}
