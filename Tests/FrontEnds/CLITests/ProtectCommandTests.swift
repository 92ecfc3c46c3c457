import Foundation
import TapCardCLI
import Testing

/// `protect`, `unprotect` and `--password` on virtual tag files, in-process.
@Suite struct ProtectCommandTests {
    func home() throws -> String {
        let path = NSTemporaryDirectory() + "tapcard-protect-" + UUID().uuidString
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

    /// A new NTAG213 holding a URI.
    func tagFile(in home: String) async throws -> String {
        let path = home + "/tag.nfc"
        #expect(await run(["sim", "new", "ntag213", path], home: home).status == 0)
        #expect(await run(["write", "uri", "https://example.com/before", "--tag", path], home: home).status == 0)
        return path
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func protectThenWriteNeedsThePasswordThenUnprotect() async throws {
        let home = try home()
        let tag = try await tagFile(in: home)
        let protect = await run(["protect", "--password", "1a2b3c4d", "--pack", "5e6f", "--tag", tag], home: home)
        #expect(protect.status == 0, "\(protect.err)")
        #expect(protect.out.contains("AUTH0 4: pages 4–44 need the password to be written; reads stay free (PROT 0)."))
        // The password is never shown, not even the one just set (hostile newcomer, issue 39).
        #expect(protect.out.contains("Password: set (4 bytes, never shown); PACK 5e 6f."))
        #expect(!protect.out.contains("1a2b3c4d") && !protect.out.contains("1a 2b 3c 4d"))
        #expect(protect.out.contains("in clear text"))
        #expect(protect.out.contains("To undo: tapcard unprotect --password HEX8 --tag '\(tag)'"))

        let before = try bytes(tag)
        let refused = await run(["write", "uri", "https://example.com/after", "--tag", tag], home: home)
        #expect(refused.status == 1)
        #expect(refused.err.contains("need the tag's password: AUTH0 is 4"))
        #expect(refused.err.contains("--password HEX8"))
        #expect(try bytes(tag) == before)

        let wrong = await run(
            ["write", "uri", "https://example.com/after", "--tag", tag, "--password", "00000000"], home: home)
        #expect(wrong.status == 1)
        #expect(wrong.err.contains("The tag did not accept the password given"))
        #expect(!wrong.err.contains("00 00 00 00"))
        #expect(wrong.err.contains("TapCard does not try again"))

        let mismatch = await run(
            ["write", "uri", "https://example.com/after", "--tag", tag, "--password", "1a2b3c4d", "--pack", "0000"],
            home: home)
        #expect(mismatch.status == 1)
        #expect(mismatch.err.contains("answered PACK 5e 6f, not the 00 00 given"))

        let written = await run(
            ["write", "uri", "https://example.com/after", "--tag", tag, "--password", "1a2b3c4d", "--pack", "5e6f"],
            home: home)
        #expect(written.status == 0, "\(written.err)")
        #expect(written.out.contains("Verified: read back"))

        let info = try json(await run(["info", "--tag", tag, "--json"], home: home).out)
        let protection = try #require(info["protection"] as? [String: Any])
        let configuration = try #require(protection["configuration"] as? [String: Any])
        #expect(configuration["auth0"] as? Int == 4)
        #expect(configuration["protects_reads"] as? Bool == false)
        #expect(configuration["attempt_limit"] is NSNull)
        let sentences = try #require(protection["sentences"] as? [String])
        #expect(
            sentences.first
                == "Password: AUTH0 4: pages 4–44 need the password to be written; reads stay free (PROT 0).")

        let unprotect = await run(["unprotect", "--password", "1a2b3c4d", "--tag", tag], home: home)
        #expect(unprotect.status == 0, "\(unprotect.err)")
        #expect(unprotect.out.contains("AUTH0 255: no page needs a password"))
        #expect(await run(["write", "uri", "https://example.com/free", "--tag", tag], home: home).status == 0)
    }

    @Test func readProtectedTagIsReportedAndReadWithThePassword() async throws {
        let home = try home()
        let tag = try await tagFile(in: home)
        let protect = await run(
            ["protect", "--password", "1a2b3c4d", "--read-protect", "--attempts", "3", "--tag", tag, "--json"],
            home: home)
        #expect(protect.status == 0, "\(protect.err)")
        let report = try json(protect.out)
        #expect(report["password_verified"] as? Bool == true)
        #expect((report["writes"] as? [[String: Any]])?.map { $0["page"] as? Int } == [43, 44, 42, 41])

        let read = await run(["read", "--tag", tag, "--json"], home: home)
        #expect(read.status == 1)
        let ndef = try #require(try json(read.out)["ndef"] as? [String: Any])
        #expect(ndef["state"] as? String == "password-protected")
        #expect(ndef["first_refused_page"] as? Int == 4)
        #expect(try json(read.out)["capacity"] is NSNull)

        let info = await run(["info", "--tag", tag], home: home)
        #expect(info.out.contains("NDEF: password-protected: the tag refused to read page 4 and on"))
        #expect(!info.out.contains("NULL"))

        let withPassword = await run(["read", "--tag", tag, "--password", "1a2b3c4d"], home: home)
        #expect(withPassword.status == 0, "\(withPassword.err)")
        #expect(withPassword.out.contains("https://example.com/before"))
        let infoWithPassword = await run(["info", "--tag", tag, "--password", "1a2b3c4d"], home: home)
        #expect(infoWithPassword.out.contains("reads need it too (PROT 1)"))
        #expect(infoWithPassword.out.contains("AUTHLIM 3: the tag locks itself for good after 3 wrong passwords"))
    }

    /// The second report, through the CLI: a lock on a protected tag without its password
    /// never starts.
    @Test func lockOnAProtectedTagWithoutThePasswordNeverStarts() async throws {
        let home = try home()
        let tag = try await tagFile(in: home)
        #expect(await run(["protect", "--password", "1a2b3c4d", "--tag", tag], home: home).status == 0)
        let before = try bytes(tag)
        let lock = await run(["lock", "--yes-lock-permanently", "--tag", tag], home: home)
        #expect(lock.status == 1)
        #expect(lock.err.contains("need the tag's password"))
        #expect(try bytes(tag) == before)
        let locked = await run(["lock", "--yes-lock-permanently", "--tag", tag, "--password", "1a2b3c4d"], home: home)
        #expect(locked.status == 0, "\(locked.err)")
    }

    /// Changing a protected tag's password needs the current one.
    @Test func changingThePasswordNeedsTheCurrentOne() async throws {
        let home = try home()
        let tag = try await tagFile(in: home)
        #expect(await run(["protect", "--password", "1a2b3c4d", "--tag", tag], home: home).status == 0)
        let refused = await run(["protect", "--password", "99887766", "--tag", tag], home: home)
        #expect(refused.status == 1)
        #expect(refused.err.contains("--current-password HEX8"))
        let changed = await run(
            ["protect", "--password", "99887766", "--current-password", "1a2b3c4d", "--tag", tag], home: home)
        #expect(changed.status == 0, "\(changed.err)")
        #expect(await run(["read", "--tag", tag, "--password", "99887766"], home: home).status == 0)
    }

    /// A tear at every command of `protect` through the CLI: the message lists the states, and
    /// the tag file is saved as the tag was left.
    @Test func aTornProtectSaysWhatTheTagMayBe() async throws {
        let home = try home()
        let tag = try await tagFile(in: home)
        let pristine = try bytes(tag)
        var interrupted = 0
        for index in 0..<12 {
            try pristine.write(to: URL(fileURLWithPath: tag))
            let result = await run(
                [
                    "protect", "--password", "1a2b3c4d", "--tag", tag, "--simulate-tear-after", "\(index)",
                    "--tear-mode", "corrupted-write",
                ], home: home)
            if result.err.contains("was not acknowledged") {
                interrupted += 1
                #expect(result.err.contains("so the tag is now"))
                #expect(result.err.contains("unprotected") || result.err.contains("protected with the new password"))
                #expect(!result.err.contains("nobody knows"))
            }
        }
        #expect(interrupted == 3)  // PWD, PACK, AUTH0
    }

    @Test func badPasswordsAreInputErrors() async throws {
        let home = try home()
        let tag = try await tagFile(in: home)
        let short = await run(["read", "--tag", tag, "--password", "1a2b3c"], home: home)
        #expect(short.status == 65)
        #expect(short.err.contains("A password is 4 bytes (8 hex digits"))
        let text = await run(["protect", "--password", "hunter22", "--tag", tag], home: home)
        #expect(text.status == 65)
        let packAlone = await run(["read", "--tag", tag, "--pack", "0000"], home: home)
        #expect(packAlone.status == 64)
        // A count out of the chip's range is a number out of range: 64, as every option's (issue 26).
        let attempts = await run(["protect", "--password", "1a2b3c4d", "--attempts", "9", "--tag", tag], home: home)
        #expect(attempts.status == 64)
        #expect(attempts.err.contains("1, 2, 3, 4, 5, 6, 7"))
        let noChip = home + "/ul.nfc"
        #expect(await run(["sim", "new", "ntag203", noChip], home: home).status == 0)
        let ntag203 = await run(["protect", "--password", "1a2b3c4d", "--tag", noChip], home: home)
        #expect(ntag203.status == 1)
        #expect(ntag203.err.contains("has no password protection"))
    }
}

/// AUTHLIM on a virtual tag: every wrong password is counted in the tag file, so a virtual tag
/// gives no more attempts than the chip would, whichever command presented the password.
@Suite struct VirtualTagAuthlimTests {
    @Test func wrongPasswordsAreCountedAcrossCommands() async throws {
        let home = NSTemporaryDirectory() + "tapcard-authlim-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        func run(_ arguments: [String]) async -> (status: Int32, err: String) {
            let io = CheckedIO(environment: ["TAPCARD_HOME": home])
            let status = await CLI.run(arguments, io: io)
            return (status, io.errorOutput)
        }
        let tag = home + "/tag.nfc"
        #expect(await run(["sim", "new", "ntag213", tag]).status == 0)
        #expect(await run(["protect", "--password", "1a2b3c4d", "--attempts", "3", "--tag", tag]).status == 0)
        #expect(await run(["read", "--tag", tag, "--password", "00000001"]).err.contains("AUTHLIM 3"))
        #expect(await run(["info", "--tag", tag, "--password", "00000002"]).status == 1)
        #expect(await run(["write", "uri", "https://x.example", "--tag", tag, "--password", "00000003"]).status == 1)
        let locked = await run(["read", "--tag", tag, "--password", "1a2b3c4d"])
        #expect(locked.status == 1)
        #expect(locked.err.contains("refuses every password for good"))
    }
}
