import Foundation
import TapCardCLI
import Testing

/// A virtual MIFARE Ultralight AES through the CLI's chip-neutral key options: `sim new`,
/// `protect --auth-key` (the driver picks AES from GET_VERSION), the JSON `key_access` with
/// `cipher` `aes-128` and the configuration pages by name, a read refusal naming the page and the
/// option, and `--auth-key` taken apart from `write`'s NTAG 424 DNA `N=HEX32`.
@Suite struct UltralightAESCommandTests {
    static let factoryKey = String(repeating: "0", count: 32)

    func home() throws -> String {
        let path = NSTemporaryDirectory() + "tapcard-ulaes-" + UUID().uuidString
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

    @Test(
        "protect --auth-key --read-protect --json: cipher aes-128, CFG (AUTH0) page 41 written; read without the key names page 4"
    )
    func protectAndRead() async throws {
        let home = try home()
        let tag = home + "/aes.nfc"
        #expect(await run(["sim", "new", "ultralight-aes", tag], home: home).status == 0)
        #expect(await run(["write", "uri", "https://example.com/aes", "--tag", tag], home: home).status == 0)
        let protect = await run(
            ["protect", "--auth-key", Self.factoryKey, "--read-protect", "--tag", tag, "--json"], home: home)
        #expect(protect.status == 0, "\(protect.err)")
        let report = try json(protect.out)
        #expect((report["chip"] as? [String: Any])?["model"] as? String == "ultralight-aes")
        #expect(report["key_authenticated"] as? Bool == true)
        let writes = try #require(report["writes"] as? [[String: Any]])
        #expect(writes.map { $0["page"] as? Int } == [41])
        #expect(writes.map { $0["bytes"] as? String } == ["00000004"])
        let after = try #require((report["after"] as? [String: Any])?["key_access"] as? [String: Any])
        #expect(after["cipher"] as? String == "aes-128" && after["auth0"] as? Int == 4)
        #expect(after["protects_reads"] as? Bool == true)
        let pages = try #require(after["configuration_pages"] as? [[String: Any]])
        #expect(pages.map { $0["name"] as? String } == ["CFG (AUTH0)", "ACCESS"])
        #expect(pages.map { $0["bytes"] as? String } == ["00000004", "8c050000"])

        let read = await run(["read", "--tag", tag], home: home)
        #expect(read.status == 1)
        #expect(read.err.contains("refused to read page 4 and on without its key") && read.err.contains("--auth-key"))
        let info = await run(["info", "--tag", tag], home: home)
        #expect(info.out.contains("Key (AES-128): its configuration pages could not be read without the key"))
        let keyedInfo = await run(["info", "--auth-key", Self.factoryKey, "--tag", tag], home: home)
        #expect(
            keyedInfo.out.contains(
                "Key (AES-128): AUTH0 4: pages 4–59 need the AES key (DataProtKey) to be written; reads need it too"))
        #expect(
            keyedInfo.out.contains("Key configuration: CFG (AUTH0) page 41 00 00 00 04; ACCESS page 42 8C 05 00 00"))
        let keyed = await run(["read", "--auth-key", Self.factoryKey, "--tag", tag], home: home)
        #expect(keyed.status == 0, "\(keyed.err)")
        #expect(keyed.out.contains("https://example.com/aes"))
        let wrong = await run(
            ["read", "--auth-key", "00112233445566778899aabbccddeeff", "--tag", tag, "--json"], home: home)
        #expect(wrong.status == 1)
        let error = try #require(try json(wrong.out)["error"] as? [String: Any])
        #expect(
            error["kind"] as? String == "ultralight_aes_auth_error.key_rejected" && error["origin"] as? String == "tag")
    }

    @Test(
        "info --json carries key_access as protect reports it; without the key it is null and the refusal names the page; a password chip's is null"
    )
    func infoKeyAccess() async throws {
        let home = try home()
        let tag = home + "/aes.nfc"
        #expect(await run(["sim", "new", "ultralight-aes", tag], home: home).status == 0)
        let fresh = try json(await run(["info", "--tag", tag, "--json"], home: home).out)
        let freshProtection = try #require(fresh["protection"] as? [String: Any])
        let freshKey = try #require(freshProtection["key_access"] as? [String: Any])
        #expect(freshKey["cipher"] as? String == "aes-128" && freshKey["protected_pages"] is NSNull)
        #expect(freshProtection["has_password"] as? Bool == false)
        #expect((freshProtection["sentences"] as? [String])?.allSatisfy { $0.hasPrefix("Key (AES-128): ") } == true)

        let protect = try json(
            await run(
                ["protect", "--auth-key", Self.factoryKey, "--from-page", "16", "--tag", tag, "--json"], home: home
            ).out)
        let after = try #require((protect["after"] as? [String: Any])?["key_access"] as? [String: Any])
        let info = try json(await run(["info", "--tag", tag, "--json"], home: home).out)
        let protection = try #require(info["protection"] as? [String: Any])
        let keyAccess = try #require(protection["key_access"] as? [String: Any])
        func canonical(_ object: [String: Any]) throws -> Data {
            try JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
        }
        #expect(try canonical(keyAccess) == canonical(after))
        #expect(keyAccess["auth0"] as? Int == 16 && keyAccess["protects_reads"] as? Bool == false)
        #expect(Set(protection.keys) == Set((protect["after"] as? [String: Any])?.keys ?? [:].keys))

        let guard16 = await run(
            ["protect", "--auth-key", Self.factoryKey, "--from-page", "16", "--read-protect", "--tag", tag], home: home)
        #expect(guard16.status == 0, "\(guard16.err)")
        let guarded = try json(await run(["info", "--tag", tag, "--json"], home: home).out)
        let guardedProtection = try #require(guarded["protection"] as? [String: Any])
        #expect(guardedProtection["key_access"] is NSNull)
        #expect(guardedProtection["read_refused_from_page"] as? Int == 16)
        #expect(
            (guardedProtection["sentences"] as? [String])?.first?.contains("the tag refused to read page 16 and on")
                == true)

        let ntag = home + "/ntag.nfc"
        #expect(await run(["sim", "new", "ntag213", ntag], home: home).status == 0)
        let password = try json(await run(["info", "--tag", ntag, "--json"], home: home).out)
        let passwordProtection = try #require(password["protection"] as? [String: Any])
        #expect(passwordProtection["key_access"] is NSNull && passwordProtection["has_password"] as? Bool == true)
    }

    @Test("--auth-key: N=HEX32 is write's NTAG 424 DNA key only; a Type 2 key is given once; a bare key reaches write")
    func keyOptionForms() async throws {
        let home = try home()
        let tag = home + "/aes.nfc"
        #expect(await run(["sim", "new", "ultralight-aes", tag], home: home).status == 0)
        let numbered = await run(["read", "--auth-key", "0=" + Self.factoryKey, "--tag", tag], home: home)
        #expect(numbered.status == 64 && numbered.err.contains("only write and erase take"))
        let twice = await run(
            ["read", "--auth-key", Self.factoryKey, "--auth-key", Self.factoryKey, "--tag", tag], home: home)
        #expect(twice.status == 64)
        let write = await run(
            ["write", "uri", "https://example.com/w", "--auth-key", Self.factoryKey, "--tag", tag], home: home)
        #expect(write.status == 0, "\(write.err)")
        let onNTAG = await run(["sim", "new", "ntag213", home + "/n.nfc"], home: home)
        #expect(onNTAG.status == 0)
        let refused = await run(["read", "--auth-key", Self.factoryKey, "--tag", home + "/n.nfc"], home: home)
        #expect(refused.status == 1 && refused.err.contains("Ultralight AES (AES-128) only"))
    }
}
