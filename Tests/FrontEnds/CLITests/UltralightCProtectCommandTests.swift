import Foundation
import TapCardCLI
import Testing

/// `protect --auth-key` and `unprotect --auth-key` on a virtual MIFARE Ultralight C (MF0ICU2):
/// AUTH0/AUTH1 through the contract's protect, the key never printed, refusals told apart.
@Suite struct UltralightCProtectCommandTests {
    /// The factory key in cipher order (Key1 ‖ Key2, MF0ICU2 §7.5.6): "BREAKMEIFYOUCAN!" as stored.
    static let factoryKey = "49454d4b41455242214e4143554f5946"
    static let wrongKey = "00112233445566778899aabbccddeeff"

    func home() throws -> String {
        let path = NSTemporaryDirectory() + "tapcard-ulc-protect-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func run(_ arguments: [String], home: String) async -> (status: Int32, out: String, err: String) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io.outputText, io.errorOutput)
    }

    func json(_ text: String) throws -> [String: Any] {
        let line = text.split(separator: "\n").last.map(String.init) ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// A new Ultralight C holding a URI.
    func tagFile(in home: String) async throws -> String {
        let path = home + "/ulc.nfc"
        #expect(await run(["sim", "new", "ultralight-c", path], home: home).status == 0)
        #expect(await run(["write", "uri", "https://example.com/ulc", "--tag", path], home: home).status == 0)
        return path
    }

    @Test("protect --auth-key --read-protect: a read without the key is refused, with it works; unprotect frees it")
    func readProtectThenReadWithTheKeyThenUnprotect() async throws {
        let home = try home()
        let tag = try await tagFile(in: home)
        let protect = await run(
            ["protect", "--auth-key", Self.factoryKey, "--read-protect", "--tag", tag], home: home)
        #expect(protect.status == 0, "\(protect.err)")
        #expect(
            protect.out.contains(
                "AUTH0 4: pages 4–47 need the 3DES key to be written; reads need it too (AUTH1 bit 0 is 0)."))
        #expect(protect.out.contains("1 page write, in this order: page 42 AUTH0"))
        #expect(protect.out.contains("the tag accepted the 3DES key (mutual authentication) before the writes"))
        #expect(protect.out.contains("To undo: tapcard unprotect --auth-key HEX32 --tag '\(tag)'"))
        #expect(!protect.out.lowercased().contains(Self.factoryKey))

        let guarded = try bytes(tag)
        let read = await run(["read", "--tag", tag], home: home)
        #expect(read.status == 1)
        // MF0ICU2 §7.5.8: with AUTH1 bit 0 clear, READ from AUTH0 on is NAKed until authenticated:
        // the refusal names the page and the option, as an NTAG21x's password-protected read does.
        #expect(
            read.err.contains(
                "The tag refused to read page 4 and on without its key; the message lies there. Give --auth-key HEX32"))
        #expect(read.out.contains("NDEF: key-protected: the tag refused to read page 4 and on without its key"))
        let write = await run(["write", "uri", "https://example.com/other", "--tag", tag], home: home)
        #expect(write.status == 1)
        #expect(write.err.contains("Page 4, which this operation must write, needs the MIFARE Ultralight C's 3DES key"))
        #expect(write.err.contains("--auth-key HEX32"))
        #expect(try bytes(tag) == guarded)

        let keyed = await run(["read", "--tag", tag, "--auth-key", Self.factoryKey], home: home)
        #expect(keyed.status == 0, "\(keyed.err)")
        #expect(keyed.out.contains("https://example.com/ulc"))

        let unprotect = await run(["unprotect", "--auth-key", Self.factoryKey, "--tag", tag, "--json"], home: home)
        #expect(unprotect.status == 0, "\(unprotect.err)")
        let report = try json(unprotect.out)
        #expect(report["operation"] as? String == "unprotected")
        #expect(report["key_authenticated"] as? Bool == true)
        #expect(report["password"] is NSNull && report["undo"] is NSNull)
        let writes = try #require(report["writes"] as? [[String: Any]])
        #expect(writes.map { $0["page"] as? Int } == [42])
        #expect(writes.map { $0["bytes"] as? String } == ["30000000"])
        let before = try #require((report["before"] as? [String: Any])?["key_access"] as? [String: Any])
        #expect(before["auth0"] as? Int == 4 && before["protects_reads"] as? Bool == true)
        let after = try #require((report["after"] as? [String: Any])?["key_access"] as? [String: Any])
        #expect(after["auth0"] as? Int == 48 && after["protected_pages"] is NSNull)
        #expect(!unprotect.out.lowercased().contains(Self.factoryKey))

        let free = await run(["read", "--tag", tag], home: home)
        #expect(free.status == 0, "\(free.err)")
        #expect(free.out.contains("https://example.com/ulc"))
    }

    @Test("protect --auth-key --from-page 6 --json: AUTH1 then AUTH0; reads stay free; unprotect needs the key")
    func writeProtectFromPageSix() async throws {
        let home = try home()
        let tag = try await tagFile(in: home)
        let protect = await run(
            ["protect", "--auth-key", Self.factoryKey, "--from-page", "6", "--tag", tag, "--json"], home: home)
        #expect(protect.status == 0, "\(protect.err)")
        let report = try json(protect.out)
        let writes = try #require(report["writes"] as? [[String: Any]])
        #expect(writes.map { $0["page"] as? Int } == [43, 42])
        #expect(writes.map { $0["role"] as? String } == ["access-configuration", "authentication-switch"])
        let after = try #require((report["after"] as? [String: Any])?["key_access"] as? [String: Any])
        #expect(after["auth0"] as? Int == 6 && after["cipher"] as? String == "3des")
        #expect(after["protects_reads"] as? Bool == false)
        #expect(
            (after["protected_pages"] as? [String: Any]).map { [$0["first"] as? Int, $0["last"] as? Int] } == [6, 47])

        let read = await run(["read", "--tag", tag], home: home)
        #expect(read.status == 0, "\(read.err)")
        #expect(read.out.contains("https://example.com/ulc"))

        let guarded = try bytes(tag)
        let unprotect = await run(["unprotect", "--tag", tag, "--json"], home: home)
        #expect(unprotect.status == 1)
        let error = try #require(try json(unprotect.out)["error"] as? [String: Any])
        #expect(error["origin"] as? String == "refusal")
        #expect(error["kind"] as? String == "key_protection_error.key_required")
        #expect((error["figures"] as? [String: Any])?["first_protected_page"] as? Int == 6)
        #expect((error["message"] as? String)?.contains("--auth-key HEX32") == true)
        #expect(try bytes(tag) == guarded)

        let again = await run(["unprotect", "--auth-key", Self.factoryKey, "--tag", tag], home: home)
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out.contains("AUTH0 48: no page needs the 3DES key (the chip's last page is 47)."))
    }

    @Test("refusals: no key is ours (64 or 1, nothing written); a wrong key is the tag's (1)")
    func refusals() async throws {
        let home = try home()
        let tag = try await tagFile(in: home)
        let blank = try bytes(tag)

        let nothing = await run(["protect", "--tag", tag], home: home)
        #expect(nothing.status == 64)
        #expect(nothing.err.contains("--auth-key HEX32 (32 hex digits)"))

        let both = await run(
            ["protect", "--auth-key", Self.factoryKey, "--password", "11223344", "--tag", tag], home: home)
        #expect(both.status == 64)

        let short = await run(["protect", "--auth-key", "4945", "--tag", tag], home: home)
        #expect(short.status == 65)

        let password = await run(["protect", "--password", "11223344", "--tag", tag, "--json"], home: home)
        #expect(password.status == 1)
        let refusal = try #require(try json(password.out)["error"] as? [String: Any])
        #expect(refusal["origin"] as? String == "refusal")
        #expect(refusal["kind"] as? String == "protection_refusal.no_password_on_chip")
        #expect((refusal["message"] as? String)?.contains("16-byte 3DES key") == true)

        let wrong = await run(["protect", "--auth-key", Self.wrongKey, "--tag", tag, "--json"], home: home)
        #expect(wrong.status == 1)
        let rejected = try #require(try json(wrong.out)["error"] as? [String: Any])
        #expect(rejected["origin"] as? String == "tag")
        #expect(rejected["kind"] as? String == "ultralight_c_auth_error.key_rejected")
        #expect(!wrong.out.lowercased().contains(Self.wrongKey))

        #expect(try bytes(tag) == blank)
    }

    @Test("protect --new-auth-key: refused without --yes-change-key; with it the key pages change, never printed")
    func keyChange() async throws {
        let home = try home()
        let tag = try await tagFile(in: home)
        let newKey = "000102030405060708090a0b0c0d0e0f"
        #expect(
            await run(["protect", "--auth-key", Self.factoryKey, "--from-page", "5", "--tag", tag], home: home).status
                == 0)
        let guarded = try bytes(tag)
        let unconfirmed = await run(
            ["protect", "--auth-key", Self.factoryKey, "--new-auth-key", newKey, "--tag", tag], home: home)
        #expect(unconfirmed.status == 1)
        #expect(unconfirmed.err.contains("--yes-change-key"))
        let mixed = await run(
            [
                "protect", "--auth-key", Self.factoryKey, "--new-auth-key", newKey, "--from-page", "6",
                "--yes-change-key", "--tag", tag,
            ], home: home)
        #expect(mixed.status == 64)
        #expect(try bytes(tag) == guarded)

        let change = await run(
            [
                "protect", "--auth-key", Self.factoryKey, "--new-auth-key", newKey, "--yes-change-key", "--tag", tag,
                "--json",
            ],
            home: home)
        #expect(change.status == 0, "\(change.err)")
        let report = try json(change.out)
        #expect(report["operation"] as? String == "key-changed")
        #expect(report["key_changed"] as? Bool == true)
        let writes = try #require(report["writes"] as? [[String: Any]])
        // AUTH0 off, the four key pages (bytes withheld), AUTH0 back on (MF0ICU2 §7.5.7: 2Ch–2Fh).
        #expect(writes.map { $0["page"] as? Int } == [42, 44, 45, 46, 47, 42])
        #expect(writes.filter { $0["role"] as? String == "key" }.allSatisfy { $0["bytes"] is NSNull })
        let after = try #require((report["after"] as? [String: Any])?["key_access"] as? [String: Any])
        #expect(after["auth0"] as? Int == 5)
        let pages = try #require(after["configuration_pages"] as? [[String: Any]])
        #expect(pages.map { $0["name"] as? String } == ["AUTH0", "AUTH1"])
        #expect(pages.map { $0["page"] as? Int } == [42, 43])
        #expect(!change.out.contains(newKey) && !change.out.contains("0c0d0e0f"))

        let old = await run(
            ["write", "uri", "https://example.com/old", "--auth-key", Self.factoryKey, "--tag", tag], home: home)
        #expect(old.status == 1)
        #expect(old.err.contains("refused the key"))
        let new = await run(
            ["write", "uri", "https://example.com/new", "--auth-key", newKey, "--tag", tag], home: home)
        #expect(new.status == 0, "\(new.err)")
    }
}
