import Foundation
import NDEF
import TagEmulator
import TapCardCLI
import TapCardSupport
import Testing

/// The tag commands on virtual Type 5 tags (ICODE SLIX2, ST25DV04K), run in-process: the same
/// verbs, exit statuses and JSON envelope as on Type 2 and Type 4, the Type 5 detail (`cc`,
/// system info, warnings, signature), a blank tag refused until formatted, format and the iOS fix,
/// the typed lock confirmation, and a torn write that says what the tag holds.
@Suite struct Type5CommandsTests {
    private func run(_ arguments: [String], home: String) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func directory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-t5-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: [("icode-slix2", "E0040108024044E7"), ("st25dv04k", "E002240102030405")])
    func writeReadInfoEraseRoundTrip(model: String, uid: String) async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/tag.nfc"
        #expect(await run(["sim", "new", model, path, "--uid", uid], home: home).status == 0)

        let written = await run(["write", "--tag", path, "uri", "https://example.com/t5", "--json"], home: home)
        #expect(written.status == 0, "\(written.io.errorOutput)")
        let write = try object(written.io.outputText)
        #expect(write["forum_type"] as? Int == 5)
        #expect(write["technology"] as? String == "iso15693")
        #expect(write["verified"] as? Bool == true)
        let bytes = NDEFMessage(records: [.uri("https://example.com/t5")]).encoded()
        #expect(write["ndef_hex"] as? String == hex(bytes))
        let writes = try #require(write["writes"] as? [[String: Any]])
        // A freshly formatted tag's length is 0 already: data blocks, then the commit of block 1.
        #expect(writes.last?["role"] as? String == "commit")
        #expect(writes.last?["block"] as? Int == 1)
        #expect((writes.last?["bytes"] as? String)?.hasPrefix(hex([0x03, UInt8(bytes.count)])) == true)

        let read = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect((read["uid"] as? [String: Any])?["hex"] as? String == uid.lowercased())
        #expect((read["ndef"] as? [String: Any])?["hex"] as? String == hex(bytes))
        #expect((read["chip"] as? [String: Any])?["model"] as? String == model)
        let capacity = try #require(read["capacity"] as? [String: Any])
        #expect(capacity["source"] as? String == "reported")
        // MLEN × 8 minus the TLV's type and 3-byte length: SLIX2 39 × 8 − 4, ST25DV04K 63 × 8 − 4.
        #expect(capacity["bytes"] as? Int == (model == "icode-slix2" ? 39 * 8 - 4 : 63 * 8 - 4))

        let infoRun = await run(["info", "--tag", path, "--json"], home: home)
        #expect(infoRun.status == 0)
        let info = try object(infoRun.io.outputText)
        #expect(info["cc"] as? String == (model == "icode-slix2" ? "e1402700" : "e1403f00"))
        let system = try #require(info["system_info"] as? [String: Any])
        #expect(system["block_count"] as? Int == (model == "icode-slix2" ? 80 : 128))
        #expect(system["block_size"] as? Int == 4)
        #expect(info["warnings"] as? [String] == [])
        #expect(info["locked_blocks"] as? [Int] == [])
        if model == "icode-slix2" {
            let signature = try #require(info["signature"] as? [String: Any])
            #expect((signature["verdict"] as? [String: Any])?["state"] as? String == "invalid")
            #expect(info["nxp_system_info"] is [String: Any])
        } else {
            #expect(info["signature"] is NSNull)
        }
        let text = await run(["info", "--tag", path], home: home)
        #expect(text.io.outputText.contains("CC (block 0): E1 40"))

        let erased = try object(await run(["erase", "--tag", path, "--json"], home: home).io.outputText)
        #expect(erased["message_bytes"] as? Int == 0)
        #expect(erased["previous_ndef_hex"] as? String == hex(bytes))
        let after = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect((after["ndef"] as? [String: Any])?["state"] as? String == "empty")
    }

    /// A blank tag (no CC) is refused with "format it first" and stays byte-identical; format,
    /// write and read then round-trip.
    @Test(arguments: ["icode-slix2", "st25dv04k"]) func blankTagFormatWriteRead(model: String) async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/blank.nfc"
        #expect(await run(["sim", "new", model, path, "--blank"], home: home).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let refused = await run(["write", "--tag", path, "text", "hello"], home: home)
        #expect(refused.status == 1)
        #expect(refused.io.errorOutput.contains("format it first: `tapcard format`"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let read = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect((read["ndef"] as? [String: Any])?["state"] as? String == "not-formatted")

        let formatted = await run(["format", "--tag", path, "--json"], home: home)
        #expect(formatted.status == 0, "\(formatted.io.errorOutput)")
        let format = try object(formatted.io.outputText)
        #expect(format["verified"] as? Bool == true)
        #expect((format["writes"] as? [[String: Any]])?.map { $0["block"] as? Int } == [1, 0])
        #expect((format["cc"] as? String)?.hasPrefix("e140") == true)
        #expect((format["cc_fields"] as? [String: Any])?["multiple_block_read"] as? Bool == false)

        #expect(await run(["write", "--tag", path, "text", "hello"], home: home).status == 0)
        let after = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        let records = try #require((after["ndef"] as? [String: Any])?["records"] as? [[String: Any]])
        #expect((records.first?["view"] as? [String: Any])?["text"] as? String == "hello")
    }

    @Test func multipleBlockReadWarnsAndFixForIOSClearsIt() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/mb.nfc"
        #expect(await run(["sim", "new", "icode-slix2", path], home: home).status == 0)
        let set = await run(["format", "--tag", path, "--multiple-block-read"], home: home)
        #expect(set.status == 0)
        #expect(set.io.errorOutput.contains("iOS will not read"))
        let info = try object(await run(["info", "--tag", path, "--json"], home: home).io.outputText)
        #expect(info["cc"] as? String == "e1402701")
        #expect((info["warnings"] as? [String])?.contains { $0.contains("MBREAD") } == true)
        #expect(await run(["write", "--tag", path, "text", "kept"], home: home).status == 0)
        let fixed = try object(
            await run(["format", "--tag", path, "--fix-for-ios", "--json"], home: home).io.outputText)
        #expect(fixed["operation"] as? String == "fix-for-ios")
        #expect(fixed["cc"] as? String == "e1402700")
        #expect((fixed["writes"] as? [[String: Any]])?.map { $0["block"] as? Int } == [0])
        #expect((fixed["ndef"] as? [String: Any])?["state"] as? String == "message")
        // Both flags together, or either on a Type 2 tag: a usage error.
        #expect(
            await run(["format", "--tag", path, "--fix-for-ios", "--multiple-block-read"], home: home).status == 64)
        let type2 = home + "/t2.nfc"
        #expect(await run(["sim", "new", "ntag213", type2], home: home).status == 0)
        #expect(await run(["format", "--tag", type2, "--fix-for-ios"], home: home).status == 64)
    }

    @Test func lockNeedsConfirmationThenLocks() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/lock.nfc"
        #expect(await run(["sim", "new", "st25dv04k", path], home: home).status == 0)
        #expect(await run(["write", "--tag", path, "text", "forever"], home: home).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let unconfirmed = await run(["lock", "--tag", path], home: home)
        #expect(unconfirmed.status == 1 && unconfirmed.io.errorOutput.contains("--yes-lock-permanently"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let keyed = await run(
            ["lock", "--tag", path, "--yes-lock-permanently", "--key", String(repeating: "0", count: 32)], home: home)
        #expect(keyed.status == 64)
        let locked = await run(["lock", "--tag", path, "--yes-lock-permanently", "--json"], home: home)
        #expect(locked.status == 0, "\(locked.io.errorOutput)")
        let lock = try object(locked.io.outputText)
        #expect(lock["verified"] as? Bool == true)
        #expect(lock["cc_write_access"] as? String == "read-only")
        #expect((lock["locked_blocks"] as? [Int])?.contains(0) == true)
        let read = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect(read["ndef_status"] as? String == "read-only")
        let lockedBytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let refused = await run(["write", "--tag", path, "text", "again"], home: home)
        #expect(refused.status == 1 && refused.io.errorOutput.contains("read-only"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == lockedBytes)
    }

    /// A write torn after the length was cleared: exit 1, the block and the state named, the
    /// file saved, and the tag read again holding an empty message.
    @Test func tornWriteSaysWhatTheTagHolds() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/torn.nfc"
        #expect(await run(["sim", "new", "icode-slix2", path], home: home).status == 0)
        #expect(await run(["write", "--tag", path, "text", "the old message"], home: home).status == 0)
        // GET SYSTEM INFO, block 0, one READ MULTIPLE, GET MULTIPLE BLOCK SECURITY STATUS, the
        // cleared length: the sixth command is the first message block.
        let torn = await run(
            [
                "write", "--tag", path, "text", "a new message that is longer", "--simulate-tear-after", "5",
                "--tear-mode", "reply-lost", "--json",
            ], home: home)
        #expect(torn.status == 1)
        #expect(torn.io.errorOutput.contains("The write stopped at block"))
        #expect(torn.io.errorOutput.contains("The tag holds an empty message."))
        let error = try object(torn.io.outputText)
        #expect((error["error"] as? [String: Any])?["kind"] as? String == "tag_write_error.interrupted_block_write")
        #expect((error["ndef_after"] as? [String: Any])?["state"] as? String == "empty")
        let read = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect((read["ndef"] as? [String: Any])?["state"] as? String == "empty")
    }
}
