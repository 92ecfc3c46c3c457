import Foundation
import TagCatalog
import TapCardCLI
import Testing

/// Issue 24's findings, as a new user met them on the command line: one promise per verb,
/// whatever the tag type. Each test here failed before the verbs went through one contract.
@Suite struct TagContractCommandTests {
    private func run(_ arguments: [String], home: String) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func directory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// `write ndef` with an N-byte message of one unknown-TNF record: `D5 00 LEN` + payload.
    private func ndef(_ bytes: Int, fill: String) -> String {
        "d500" + String(format: "%02x", bytes - 3) + String(repeating: fill, count: bytes - 3)
    }

    static let models = ["ntag424", "type4", "felica-lite-s", "ntag216", "icode-slix2", "st25dv04k", "ntag213"]

    /// A tear after the last write command, during the read-back: the write is done. On every
    /// type the command says the tag holds the new message, and it does.
    @Test(arguments: models) func aTearDuringTheReadBackKeepsTheFinishedWrite(model: String) async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/t.tag"
        let copy = home + "/copy.tag"
        #expect(await run(["sim", "new", model, path], home: home).status == 0)
        #expect(await run(["write", "ndef", ndef(60, fill: "11"), "--tag", path], home: home).status == 0)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let new = ndef(120, fill: "22")
        // How many commands the write takes before its read-back.
        let counted = await run(["write", "ndef", new, "--tag", copy, "--no-verify", "--json"], home: home)
        let commands = try #require((try object(counted.io.outputText)["write"] as? [String: Any])?["commands"] as? Int)
        let torn = await run(
            ["write", "ndef", new, "--tag", path, "--simulate-tear-after", String(commands), "--json"], home: home)
        #expect(torn.status == 1)
        let json = try object(torn.io.outputText)
        #expect((json["error"] as? [String: Any])?["kind"] as? String == "tag_write_error.read_back_interrupted")
        #expect(json["tag_state"] as? String == "new")
        #expect(torn.io.errorOutput.contains("The tag now holds the new message."))
        let read = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect((read["ndef"] as? [String: Any])?["hex"] as? String == new)
    }

    /// `format` over a message is refused on every formattable type, and the message stays.
    @Test(arguments: ["icode-slix2", "st25dv04k", "ntag213", "felica-lite-s"])
    func formatNeverWipesAMessage(model: String) async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/t.tag"
        #expect(await run(["sim", "new", model, path], home: home).status == 0)
        #expect(await run(["write", "uri", "https://example.com/keep", "--tag", path], home: home).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let format = await run(["format", "--tag", path], home: home)
        #expect(format.status == 1)
        #expect(format.io.errorOutput.contains("formatting again would only lose its message"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// After `ntag424 sdm setup` the NDEF file's write access is key 0: `write` refuses before any
    /// command, as TapCard's refusal (not a tear a script would retry), the file byte-identical.
    @Test func aKeyGuardedNDEFFileIsRefusedBeforeAnyCommand() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/t.tag"
        #expect(await run(["sim", "new", "ntag424", path], home: home).status == 0)
        let setup = await run(
            ["ntag424", "sdm", "setup", "--tag", path, "--url-template", "https://h.example/p?p={picc}&m={mac}"],
            home: home)
        #expect(setup.status == 0, "\(setup.io.errorOutput)")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let write = await run(["write", "uri", "https://example.com", "--tag", path, "--json"], home: home)
        #expect(write.status == 1)
        let error = try #require(try object(write.io.outputText)["error"] as? [String: Any])
        #expect(error["origin"] as? String == "refusal")
        #expect(error["kind"] as? String == "type4_write_refusal.write_needs_key")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// An NTAG213 read-protected from page 20: the erase writes only the length page, below the
    /// protected pages, and needs no password.
    @Test func eraseBelowTheProtectedPagesNeedsNoPassword() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/t.tag"
        #expect(await run(["sim", "new", "ntag213", path], home: home).status == 0)
        #expect(await run(["write", "ndef", ndef(120, fill: "33"), "--tag", path], home: home).status == 0)
        let protect = await run(
            ["protect", "--password", "12345678", "--from-page", "20", "--read-protect", "--tag", path], home: home)
        #expect(protect.status == 0, "\(protect.io.errorOutput)")
        let erase = await run(["erase", "--tag", path, "--json"], home: home)
        #expect(erase.status == 0, "\(erase.io.errorOutput)")
        let pages = try #require(try object(erase.io.outputText)["pages_written"] as? [Int])
        #expect(!pages.isEmpty && pages.allSatisfy { $0 < 20 })
        let read = try object(
            await run(["read", "--tag", path, "--password", "12345678", "--json"], home: home).io.outputText)
        #expect((read["ndef"] as? [String: Any])?["state"] as? String == "empty")
    }

    /// One envelope on every type: `forum_type` and `technology` on Type 2 too; a blank tag is
    /// `not-formatted` with the capacity its model has once formatted, `assumed`; an empty
    /// message's `hex` is null, never "".
    @Test(arguments: ["ntag213", "ultralight", "icode-slix2", "st25dv04k", "felica-lite-s"])
    func aBlankTagAndAnEmptyMessageLookTheSameOnEveryType(model: String) async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/t.tag"
        #expect(await run(["sim", "new", model, path, "--blank"], home: home).status == 0)
        let blank = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect(blank["forum_type"] is Int)
        #expect(blank["technology"] is String)
        #expect(blank["ndef_status"] as? String == "not-formatted")
        let capacity = try #require(blank["capacity"] as? [String: Any])
        #expect(capacity["source"] as? String == "assumed")
        #expect(capacity["bytes"] as? Int == TagModel(rawValue: model)?.assumedCapacity.bytes)
        #expect((blank["ndef"] as? [String: Any])?["state"] as? String == "not-formatted")

        let formatted = home + "/f.tag"
        #expect(await run(["sim", "new", model, formatted], home: home).status == 0)
        let empty = try object(await run(["read", "--tag", formatted, "--json"], home: home).io.outputText)
        let ndef = try #require(empty["ndef"] as? [String: Any])
        #expect(ndef["state"] as? String == "empty")
        #expect(ndef["hex"] is NSNull)
    }

    /// "This verb is not for this tag": one sentence, exit 1, whatever the verb.
    @Test func aVerbThatDoesNotApplyIsOneRefusal() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let felica = home + "/f.tag"
        let ntag = home + "/n.tag"
        #expect(await run(["sim", "new", "felica-lite-s", felica], home: home).status == 0)
        #expect(await run(["sim", "new", "ntag213", ntag], home: home).status == 0)
        let protect = await run(["protect", "--password", "12345678", "--tag", felica], home: home)
        let info = await run(["ntag424", "info", "--tag", ntag], home: home)
        #expect(protect.status == 1)
        #expect(info.status == 1)
        #expect(protect.io.errorOutput.contains("'protect' does not apply to this tag: it is a FeliCa Lite-S"))
        #expect(!protect.io.errorOutput.contains("Type 4 or Type 5"))
        #expect(info.io.errorOutput.contains("'ntag424 info' does not apply to this tag: it is an NTAG213"))
    }
}
