import Foundation
import Testing

/// A Type 2 tag file that holds a password or a key in clear (PWD set by protect, an Ultralight
/// C's or AES's key changed) is saved 0600, as an NTAG 424 DNA's with changed keys is (hostile
/// newcomer, issue 39: they stayed 0644, world-readable).
@Suite struct SecretTagFileModeTests {
    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test(
        "protect --password and a changed Ultralight C or AES key make the tag file 0600; a factory tag stays as created"
    )
    func secretsMakeTheFilePrivate() async throws {
        let home = try CLIHome("secret-mode")
        defer { home.remove() }
        let ntag = try await home.newTag("ntag215", "p.nfc")
        let created = try Self.mode(ntag)
        #expect(created & 0o077 != 0, "a factory tag file is not private: \(String(created, radix: 8))")
        #expect(await home.run(["protect", "--password", "11223344", "--tag", ntag]).status == 0)
        #expect(try Self.mode(ntag) == 0o600)
        for (model, factory) in [
            ("ultralight-c", "49454D4B41455242214E4143554F5946"), ("ultralight-aes", String(repeating: "0", count: 32)),
        ] {
            let tag = try await home.newTag(model, "\(model).nfc")
            let changed = await home.run([
                "protect", "--auth-key", factory, "--new-auth-key", "00112233445566778899AABBCCDDEEFF",
                "--yes-change-key",
                "--tag", tag,
            ])
            #expect(changed.status == 0, "\(model): \(changed.io.errorOutput)")
            #expect(try Self.mode(tag) == 0o600, "\(model)")
        }
    }
}
