import Foundation
import TapCardCLI
import TapCardSupport
import Testing

/// The tag commands on virtual FeliCa Lite-S files, run in-process: read, info, write, erase,
/// format and lock with the shared JSON envelope and the Type 3 detail, a blank card refused for
/// write until formatted, refusals that leave the file byte-identical, a torn write that says what
/// the card holds, and the store keyed by the IDm.
@Suite struct Type3CommandsTests {
    static let idm = "012e112233445566"

    private func run(_ arguments: [String], home: String) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func directory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-t3c-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    private func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func aBlankCardIsRefusedThenFormattedWrittenReadAndErased() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/card.nfc"
        #expect(await run(["sim", "new", "felica-lite-s", path, "--blank", "--idm", Self.idm], home: home).status == 0)

        let blank = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect(blank["forum_type"] as? Int == 3 && blank["technology"] as? String == "felica")
        #expect(blank["ndef_status"] as? String == "not-formatted")
        #expect((blank["ndef"] as? [String: Any])?["state"] as? String == "not-formatted")
        #expect((blank["capacity"] as? [String: Any])?["source"] as? String == "assumed")

        let before = try contents(path)
        let refused = await run(["write", "--tag", path, "uri", "https://example.com/felica"], home: home)
        #expect(refused.status == 1)
        #expect(refused.io.errorOutput.contains("Format it first: `tapcard format`"))
        #expect(try contents(path) == before)

        let formatted = await run(["format", "--tag", path, "--json"], home: home)
        #expect(formatted.status == 0, "\(formatted.io.errorOutput)")
        let format = try object(formatted.io.outputText)
        #expect((format["writes"] as? [[String: Any]])?.map { $0["step"] as? String } == ["enable-ndef", "attribute"])
        #expect(format["verified"] as? Bool == true)
        #expect(format["ndef_status"] as? String == "read-write")
        // Nmaxb 13 (00 0D), Nbr 4, Nbw 1, RW 01, Ln 0: the sum of bytes 0–13 is 0x23.
        #expect(format["cc"] as? String == "10040100" + "0d0000000000010000000023")

        let written = await run(["write", "--tag", path, "uri", "https://example.com/felica", "--json"], home: home)
        #expect(written.status == 0, "\(written.io.errorOutput)")
        let write = try object(written.io.outputText)
        #expect(write["forum_type"] as? Int == 3)
        #expect(write["verified"] as? Bool == true)
        #expect((write["uid"] as? [String: Any])?["hex"] as? String == Self.idm)
        let roles = (write["writes"] as? [[String: Any]])?.map { $0["role"] as? String }
        #expect(roles == ["clear-length", "data", "data", "commit"])
        #expect(write["blocks_written"] as? [Int] == [0, 1, 2])

        let read = await run(["read", "--tag", path], home: home)
        #expect(read.status == 0 && read.io.outputText.contains("https://example.com/felica"))

        let info = try object(await run(["info", "--tag", path, "--json"], home: home).io.outputText)
        #expect(info["idm"] as? String == Self.idm)
        #expect(info["pmm"] as? String == "00f1000000014300")
        #expect(info["system_codes"] as? [String] == ["12fc", "88b4"])
        let attribute = try #require(info["attribute"] as? [String: Any])
        #expect(attribute["nmaxb"] as? Int == 13 && attribute["ln"] as? Int == write["message_bytes"] as? Int)
        #expect(info["cc"] as? String == attribute["bytes"] as? String)
        #expect((info["memory_configuration"] as? [String: Any])?["ndef_enabled"] as? Bool == true)
        #expect((info["chip"] as? [String: Any])?["model"] as? String == "felica-lite-s")

        let erased = try object(await run(["erase", "--tag", path, "--json"], home: home).io.outputText)
        #expect(erased["message_bytes"] as? Int == 0)
        #expect(erased["previous_ndef_hex"] as? String == write["ndef_hex"] as? String)
        let after = try object(await run(["read", "--tag", path, "--json"], home: home).io.outputText)
        #expect((after["ndef"] as? [String: Any])?["state"] as? String == "empty")

        // The store knows the card by its IDm and chip.
        let tags = try object(await run(["tags", "--json"], home: home).io.outputText)
        let rows = try #require(tags["tags"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect((rows.first?["chip"] as? [String: Any])?["model"] as? String == "felica-lite-s")
        #expect((rows.first?["uid"] as? [String: Any])?["hex"] as? String == Self.idm)
        #expect((rows.first?["writes"] as? Int ?? 0) >= 2)
    }

    @Test func refusalsLeaveTheFileByteIdenticalAndLockNeedsConfirmation() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/card.nfc"
        #expect(await run(["sim", "new", "felica-lite-s", path, "--idm", Self.idm], home: home).status == 0)
        #expect(await run(["write", "--tag", path, "text", "keep me"], home: home).status == 0)
        let before = try contents(path)

        let big = await run(["write", "--tag", path, "text", String(repeating: "x", count: 300), "--json"], home: home)
        #expect(big.status == 1)
        let error = try #require(try object(big.io.outputText)["error"] as? [String: Any])
        #expect(error["origin"] as? String == "refusal")
        #expect((error["message"] as? String)?.contains("reported by the attribute block") == true)
        let again = await run(["format", "--tag", path], home: home)
        #expect(again.status == 1 && again.io.errorOutput.contains("NDEF-formatted already"))
        let unconfirmed = await run(["lock", "--tag", path], home: home)
        #expect(unconfirmed.status == 1 && unconfirmed.io.errorOutput.contains("--yes-lock-permanently"))
        let password = await run(["read", "--tag", path, "--password", "01020304"], home: home)
        #expect(password.status == 64)
        let key = await run(
            ["lock", "--tag", path, "--yes-lock-permanently", "--key", String(repeating: "00", count: 16)], home: home)
        #expect(key.status == 64)
        #expect(try contents(path) == before)

        let locked = await run(["lock", "--tag", path, "--yes-lock-permanently", "--json"], home: home)
        #expect(locked.status == 0, "\(locked.io.errorOutput)")
        let lock = try object(locked.io.outputText)
        #expect(lock["steps"] as? [String] == ["read-only-flag", "lock-memory"])
        #expect((lock["writes"] as? [[String: Any]])?.map { $0["permanent"] as? Bool } == [false, true])
        #expect(lock["verified"] as? Bool == true)
        let lockedFile = try contents(path)
        let refused = await run(["write", "--tag", path, "text", "new"], home: home)
        #expect(refused.status == 1 && refused.io.errorOutput.contains("RW flag is 00"))
        #expect(try contents(path) == lockedFile)
        let read = await run(["read", "--tag", path, "--json"], home: home)
        #expect(try object(read.io.outputText)["ndef_status"] as? String == "read-only")
        let text = await run(["lock", "--tag", path, "--yes-lock-permanently"], home: home)
        #expect(text.status == 0 && text.io.outputText.contains("locked already"))
    }

    @Test func aTornWriteSaysWhatTheCardHolds() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/card.nfc"
        #expect(await run(["sim", "new", "felica-lite-s", path, "--idm", Self.idm], home: home).status == 0)
        #expect(await run(["write", "--tag", path, "text", "old"], home: home).status == 0)
        // Polling, Check of block 0, of MC and of block 1 (the old message), the WriteF 0F Update:
        // five commands complete; the first data Update is torn.
        let torn = await run(
            [
                "write", "--tag", path, "text", String(repeating: "n", count: 40), "--simulate-tear-after", "5",
                "--json",
            ],
            home: home)
        #expect(torn.status == 1)
        let json = try object(torn.io.outputText)
        let kind = (json["error"] as? [String: Any])?["kind"] as? String
        #expect(kind == "tag_write_error.interrupted_feli_ca_update")
        #expect((json["ndef_after"] as? [String: Any])?["state"] as? String == "interrupted-write")
        #expect(torn.io.errorOutput.contains("Update 2 of 5 (block 1)"))
        #expect(torn.io.errorOutput.contains("The tag holds an empty message."))
        // Rewritten, the card is whole again.
        let rewrite = await run(["write", "--tag", path, "text", "whole"], home: home)
        #expect(rewrite.status == 0, "\(rewrite.io.errorOutput)")
    }

    @Test func benchReportsModeledFeliCaWrites() async throws {
        let home = try directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let bench = await run(["bench", "--quick", "--json", "--cold-start-runs", "0"], home: home)
        #expect(bench.status == 0, "\(bench.io.errorOutput)")
        let rows = try #require(try object(bench.io.outputText)["type3_write_verify"] as? [[String: Any]])
        #expect(rows.map { $0["message_bytes"] as? Int } == [100, 208])
        for row in rows {
            let bytes = try #require(row["message_bytes"] as? Int)
            let blocks = (bytes + 15) / 16
            // WriteF 0F, one Update per block (Nbw 1), the commit.
            #expect(row["update"] as? Int == blocks + 2)
            // The driver's extra commands: Polling, the MC Check, the old 40-byte message's Check.
            #expect((row["commands"] as? Int ?? 0) - (row["minimum_commands"] as? Int ?? 0) == 3)
            #expect(row["verified"] as? Bool == true)
        }
    }
}
