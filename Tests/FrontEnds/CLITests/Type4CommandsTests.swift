import Foundation
import NDEF
import TagEmulator
import TapCardCLI
import TapCardSupport
import Testing

/// The tag commands on virtual Type 4 tags (a generic T4T and an NTAG 424 DNA), run in-process:
/// the same verbs, exit statuses and JSON envelope as on Type 2, the Type 4 detail, refusals
/// that leave the file byte-identical, and a torn write that says what the tag holds.
@Suite struct Type4CommandsTests {
    private func run(_ arguments: [String], home: String) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func directory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-t4-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test(arguments: ["ntag424", "type4"])
    func writeReadInfoEraseRoundTrip(model: String) async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/tag.t4"
        #expect(await run(["sim", "new", model, path, "--uid", "04A1B2C3D4E5F6"], home: home).status == 0)

        let written = await run(["write", "--tag", path, "uri", "https://example.com/t4", "--json"], home: home)
        #expect(written.status == 0, "\(written.io.errorOutput)")
        let write = try object(written.io.outputText)
        #expect(write["forum_type"] as? Int == 4)
        #expect(write["file"] as? String == "e104")
        #expect(write["verified"] as? Bool == true)
        #expect(write["previous_ndef_hex"] is NSNull)
        let writes = try #require(write["writes"] as? [[String: Any]])
        #expect(writes.map { $0["role"] as? String } == ["clear-length", "commit"])
        #expect(writes.last?["bytes"] as? String == "0013")
        let bytes = NDEFMessage(records: [.uri("https://example.com/t4")]).encoded()
        #expect(write["ndef_hex"] as? String == bytes.map { String(format: "%02x", $0) }.joined())

        let read = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect((read["uid"] as? [String: Any])?["hex"] as? String == "04a1b2c3d4e5f6")
        #expect((read["ndef"] as? [String: Any])?["state"] as? String == "message")
        let capacity = try #require(read["capacity"] as? [String: Any])
        #expect(capacity["source"] as? String == "reported")
        #expect(capacity["bytes"] as? Int == (model == "ntag424" ? 254 : 2046))
        #expect((read["chip"] as? [String: Any])?["model"] as? String == (model == "ntag424" ? "ntag424-dna" : "type4"))

        let info = try object(await run(["info", "--tag", path, "--json"], home: home).io.outputText)
        #expect(info["nlen"] as? Int == bytes.count)
        #expect((info["ndef_file"] as? [String: Any])?["id"] as? String == "e104")
        if model == "ntag424" {
            #expect(info["mle"] as? Int == 256 && info["mlc"] as? Int == 255)
            let files = try #require(info["files"] as? [[String: Any]])
            #expect(files.count == 3)
            #expect((files[2]["access"] as? [String: Any])?["read"] as? String == "key-2")
            let signature = try #require(info["signature"] as? [String: Any])
            #expect((signature["verdict"] as? [String: Any])?["state"] as? String == "invalid")
        } else {
            #expect(info["mle"] as? Int == 59 && info["mlc"] as? Int == 52)
            #expect(info["signature"] is NSNull)
        }

        let erased = try object(await run(["erase", "--tag", path, "--json"], home: home).io.outputText)
        #expect(erased["message_bytes"] as? Int == 0)
        #expect((erased["writes"] as? [[String: Any]])?.count == 1)
        #expect(erased["previous_ndef_hex"] as? String == write["ndef_hex"] as? String)
        let after = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect((after["ndef"] as? [String: Any])?["state"] as? String == "empty")
    }

    @Test func refusalsLeaveTheFileByteIdentical() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/tag.t4"
        #expect(await run(["sim", "new", "ntag424", path], home: home).status == 0)
        #expect(await run(["write", "--tag", path, "text", "keep me"], home: home).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        // 300 bytes do not fit the 254 an NTAG 424 DNA's CC file reports.
        let big = await run(["write", "--tag", path, "text", String(repeating: "x", count: 300), "--json"], home: home)
        #expect(big.status == 1)
        let error = try #require(try object(big.io.outputText)["error"] as? [String: Any])
        #expect(error["origin"] as? String == "refusal")
        #expect((error["message"] as? String)?.contains("reported by the tag's CC file: max size 256") == true)

        let format = await run(["format", "--tag", path], home: home)
        // "This verb is not for this tag": one refusal, one exit status, for every verb and type.
        #expect(format.status == 1)
        #expect(
            format.io.errorOutput.contains(
                "'format' does not apply to this tag: it is an NTAG 424 DNA (NFC Forum Type 4), which ships formatted"))
        let wrongKey = await run(
            ["lock", "--tag", path, "--yes-lock-permanently", "--key", String(repeating: "11", count: 16)], home: home)
        #expect(wrongKey.status == 1 && wrongKey.io.errorOutput.contains("did not accept the key given for key 0"))
        #expect(!wrongKey.io.errorOutput.contains("1111"), "a key is never printed")
        let shortKey = await run(["lock", "--tag", path, "--yes-lock-permanently", "--key", "0011"], home: home)
        #expect(shortKey.status == 65 && shortKey.io.errorOutput.contains("16 bytes (32 hex digits); this one has 2"))
        let unconfirmed = await run(["lock", "--tag", path], home: home)
        #expect(unconfirmed.status == 1 && unconfirmed.io.errorOutput.contains("--yes-lock-permanently"))
        let password = await run(["read", "--tag", path, "--password", "01020304"], home: home)
        #expect(password.status == 64 && password.io.errorOutput.contains("no such password"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        // With the factory key the lock goes through, and the file records it.
        let locked = await run(["lock", "--tag", path, "--yes-lock-permanently", "--json"], home: home)
        #expect(locked.status == 0)
        let report = try object(locked.io.outputText)
        #expect(report["steps"] as? [String] == ["cc-write-access", "ndef-file-settings", "cc-file-settings"])
        #expect(report["verified"] as? Bool == true)
        #expect((report["cc_write_access"] as? [String: Any])?["byte"] as? String == "ff")
        let after = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect(after["ndef_status"] as? String == "read-only")
        let refused = await run(["write", "--tag", path, "text", "no"], home: home)
        #expect(refused.status == 1 && refused.io.errorOutput.contains("write access is never (FF)"))
    }

    @Test func aTornWriteSaysWhatTheTagHolds() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/tag.t4"
        #expect(await run(["sim", "new", "type4", path], home: home).status == 0)
        #expect(await run(["write", "--tag", path, "text", "old"], home: home).status == 0)
        // A 300-byte text on MLc 52: the write's UPDATEs start after 6 APDUs (SELECT, GetVersion,
        // SELECT CC, READ CC, SELECT NDEF, READ NLEN); tear at the second UPDATE.
        let torn = await run(
            [
                "write", "--tag", path, "text", String(repeating: "n", count: 300), "--simulate-tear-after", "7",
                "--json",
            ], home: home)
        #expect(torn.status == 1)
        let json = try object(torn.io.outputText)
        #expect((json["error"] as? [String: Any])?["kind"] as? String == "tag_write_error.interrupted_update")
        #expect((json["ndef_after"] as? [String: Any])?["state"] as? String == "empty")
        #expect(torn.io.errorOutput.contains("The tag holds an empty message."))
        #expect(torn.io.errorOutput.contains("The tag now holds an empty message."))
        #expect(json["tag_state"] as? String == "empty")
    }
}
