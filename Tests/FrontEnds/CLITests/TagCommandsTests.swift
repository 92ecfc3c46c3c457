import Foundation
import TagCatalog
import TapCardCLI
import TapCardSupport
import Testing

/// The tag commands run in-process on virtual tag files in a temporary data directory.
@Suite struct TagCommandsTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/type2-real")

    static let fixtureNames =
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? [])
        .filter { $0.hasPrefix("real_") }.sorted()

    /// A fresh data directory; `TAPCARD_HOME` points at it.
    func home() throws -> String {
        let path = NSTemporaryDirectory() + "tapcard-cli-" + UUID().uuidString
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

    @Test func fixturesAreFound() {
        #expect(Self.fixtureNames.count == 6)
    }

    /// `tapcard info --tag X --json` on every real tag: its type, capacity and message bytes.
    @Test(arguments: fixtureNames)
    func infoOnRealTags(_ name: String) async throws {
        let folder = Self.fixtures.appendingPathComponent(name)
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("expected.json")))
                as? [String: Any])
        let tagFile = folder.appendingPathComponent("source.nfc").path
        let before = try Data(contentsOf: URL(fileURLWithPath: tagFile))
        let result = await run(["info", "--tag", tagFile, "--json"], home: try home())
        #expect(result.status == 0, "\(result.err)")
        let info = try json(result.out)
        let modelName: String? =
            switch expected["tag_type"] as? String {
            case "NTAG213": "ntag213"
            case "NTAG215": "ntag215"
            case "NTAG216": "ntag216"
            case "MIFARE Ultralight EV1 (MF0UL11)": "ultralight-ev1-48"
            default: nil
            }
        let chip = try #require(info["chip"] as? [String: Any])
        #expect(chip["model"] as? String == modelName)
        let capacity = try #require(info["capacity"] as? [String: Any])
        if expected["ndef_formatted"] as? Bool == false, let model = modelName.flatMap(TagModel.init(rawValue:)) {
            // Not formatted: the capacity the model has once formatted, assumed (the contract's rule
            // on every tag type), not a "reported" 0.
            #expect(capacity["bytes"] as? Int == model.assumedCapacity.bytes)
            #expect(capacity["source"] as? String == "assumed")
            #expect(info["ndef_status"] as? String == "not-formatted")
        } else {
            #expect(capacity["bytes"] as? Int == expected["max_ndef_message_bytes"] as? Int)
            #expect(capacity["source"] as? String == "reported")
        }
        let ndef = try #require(info["ndef"] as? [String: Any])
        if let hex = expected["ndef_message_hex"] as? String {
            // The guidoz URI carries NUL bytes inside its payload; the record still decodes
            // (ndeflib refuses the URI text, TapCard keeps the bytes and shows the record).
            #expect(ndef["hex"] as? String == hex)
            #expect(ndef["bytes"] as? Int == hex.count / 2)
        } else {
            #expect(ndef["state"] as? String == "not-formatted")
        }
        #expect(
            info["uid"].flatMap { ($0 as? [String: Any])?["hex"] as? String }
                == (expected["uid_hex"] as? String)?.lowercased())
        // The originality signature, checked against the UID in pages 0–1 (the notes in
        // expected.json: the NTAG213 and the Ultralight EV1 verify; the edited dumps, whose page
        // UID differs from the one the signature was made for, do not).
        let verdict = ((info["signature"] as? [String: Any])?["verdict"] as? [String: Any])?["state"] as? String
        let verifies = ["real_talking_sasquach_ntag213", "real_dave_busters_ul_ev1_unformatted"].contains(name)
        #expect(verdict == (verifies ? "valid" : "invalid"))
        // Reading never changes the file.
        #expect(try Data(contentsOf: URL(fileURLWithPath: tagFile)) == before)
    }

    @Test func defaultVirtualTagIsCreatedOnFirstUseAndSaysSo() async throws {
        let home = try home()
        let first = await run(["read", "--json"], home: home)
        #expect(first.status == 0, "\(first.err)")
        #expect(first.err.contains("Created the default virtual NTAG213"))
        #expect(first.err.split(separator: "\n").count == 1)
        let ndef = try #require(try json(first.out)["ndef"] as? [String: Any])
        #expect(ndef["state"] as? String == "empty")
        #expect(FileManager.default.fileExists(atPath: home + "/virtual-ntag213.nfc"))
        let second = await run(["read"], home: home)
        #expect(second.err.contains("Using the default virtual NTAG213"))
    }

    @Test func writeReadRewrite() async throws {
        let home = try home()
        let write = await run(["write", "uri", "https://example.com/hello", "--json"], home: home)
        #expect(write.status == 0, "\(write.err)")
        let report = try json(write.out)
        #expect(report["verified"] as? Bool == true)
        #expect((report["pages_written"] as? [Int])?.isEmpty == false)
        let read = await run(["read", "--json"], home: home)
        let ndef = try #require(try json(read.out)["ndef"] as? [String: Any])
        let records = try #require(ndef["records"] as? [[String: Any]])
        #expect((records.first?["view"] as? [String: Any])?["uri"] as? String == "https://example.com/hello")
        let again = await run(["write", "uri", "https://example.com/hello", "--json"], home: home)
        #expect((try json(again.out)["pages_written"] as? [Int]) == [])
        let text = await run(["write", "text", "Bonjour", "--lang", "fr"], home: home)
        #expect(text.status == 0)
        #expect(text.out.contains("Verified"))
        let erase = await run(["erase", "--json"], home: home)
        #expect(erase.status == 0)
        let empty = await run(["read", "--json"], home: home)
        #expect((try json(empty.out)["ndef"] as? [String: Any])?["state"] as? String == "empty")
    }

    @Test func writeCardUsesTheSharedProfileOptions() async throws {
        let home = try home()
        let result = await run(
            ["write", "card", "--name", "Grace Hopper", "--tel", "work:+15550001111", "--json"], home: home)
        #expect(result.status == 0, "\(result.err)")
        #expect(try json(result.out)["verified"] as? Bool == true)
        let read = await run(["read", "--json"], home: home)
        let records = (try json(read.out)["ndef"] as? [String: Any])?["records"] as? [[String: Any]]
        #expect((records?.first?["view"] as? [String: Any])?["mime"] as? String == "text/vcard")
        let payload = try Hex.decode(records?.first?["payload_hex"] as? String ?? "")
        #expect(String(decoding: payload, as: UTF8.self).contains("FN:Grace Hopper\r\n"))
        let mecard = await run(["write", "card", "--name", "Grace Hopper", "--as", "mecard"], home: home)
        #expect(mecard.status == 0, "\(mecard.err)")
    }

    @Test func tooBigIsRefusedWithFigures() async throws {
        let home = try home()
        let long = "https://example.com/" + String(repeating: "a", count: 200)
        let result = await run(["write", "uri", long], home: home)
        #expect(result.status == 1)
        #expect(result.err.contains("this tag holds at most 137 bytes (reported"))
    }

    /// `--simulate-tear-after N` for every N: the command fails, says what the tag holds, and a
    /// later read finds exactly that.
    @Test func simulatedTearStatesTheResult() async throws {
        let home = try home()
        _ = await run(["write", "text", "the old message"], home: home)
        let tag = home + "/virtual-ntag213.nfc"
        let original = try Data(contentsOf: URL(fileURLWithPath: tag))
        var seen: Set<String> = []
        for count in 0..<40 {
            try original.write(to: URL(fileURLWithPath: tag))
            let result = await run(
                [
                    "write", "text", "a new and rather longer message", "--tag", tag, "--simulate-tear-after",
                    String(count),
                    "--tear-mode", "reply-lost", "--json",
                ], home: home)
            if result.status == 0 { break }
            #expect(result.status == 1)
            let state = try #require(try json(result.out)["tag_state"] as? String)
            #expect(["old", "empty", "new"].contains(state), "\(count): \(result.out)")
            #expect(result.err.contains("The tag now holds"))
            seen.insert(state)
            let read = await run(["read", "--tag", tag, "--json"], home: home)
            let ndef = try #require(try json(read.out)["ndef"] as? [String: Any])
            let records = ndef["records"] as? [[String: Any]] ?? []
            switch state {
            case "old": #expect((records.first?["view"] as? [String: Any])?["text"] as? String == "the old message")
            case "empty": #expect(ndef["state"] as? String == "empty")
            default:
                #expect(
                    (records.first?["view"] as? [String: Any])?["text"] as? String == "a new and rather longer message")
            }
        }
        #expect(seen == ["old", "empty", "new"])
    }

    /// In corrupted-write mode a torn length page leaves an interrupted write: the write says so,
    /// and `read` fails with "rewrite this tag" instead of showing a different message.
    @Test func corruptedTearOfTheLengthPageIsReportedAsInterrupted() async throws {
        let home = try home()
        _ = await run(["write", "text", "the old message"], home: home)
        let tag = home + "/virtual-ntag213.nfc"
        let original = try Data(contentsOf: URL(fileURLWithPath: tag))
        var interrupted = 0
        for count in 0..<40 {
            try original.write(to: URL(fileURLWithPath: tag))
            let result = await run(
                [
                    "write", "text", "a new and rather longer message", "--tag", tag, "--simulate-tear-after",
                    String(count), "--tear-mode", "corrupted-write", "--json",
                ], home: home)
            if result.status == 0 { break }
            let state = try #require(try json(result.out)["tag_state"] as? String)
            #expect(["old", "empty", "new", "interrupted-write"].contains(state), "\(count): \(result.out)")
            guard state == "interrupted-write" else { continue }
            interrupted += 1
            let read = await run(["read", "--tag", tag], home: home)
            #expect(read.status == 1)
            #expect(read.err.contains("rewrite this tag"))
            let rewrite = await run(["write", "text", "a new and rather longer message", "--tag", tag], home: home)
            #expect(rewrite.status == 0, "\(rewrite.err)")
        }
        #expect(interrupted > 0)
    }

    @Test func lockNeedsTheFlagAndIsPermanent() async throws {
        let home = try home()
        _ = await run(["write", "uri", "https://example.com"], home: home)
        let tag = home + "/virtual-ntag213.nfc"
        let before = try Data(contentsOf: URL(fileURLWithPath: tag))
        let refused = await run(["lock"], home: home)
        #expect(refused.status == 1)
        #expect(refused.err.contains("Locking is permanent"))
        // The refusal names the flag that confirms it.
        #expect(refused.err.contains("--yes-lock-permanently"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: tag)) == before)
        let locked = await run(["lock", "--yes-lock-permanently", "--json"], home: home)
        #expect(locked.status == 0, "\(locked.err)")
        #expect(try json(locked.out)["ndef_status"] as? String == "read-only")
        let write = await run(["write", "uri", "https://other.example"], home: home)
        #expect(write.status == 1)
        #expect(write.err.contains("read-only"))
        let read = await run(["read", "--json"], home: home)
        let records = (try json(read.out)["ndef"] as? [String: Any])?["records"] as? [[String: Any]]
        #expect((records?.first?["view"] as? [String: Any])?["uri"] as? String == "https://example.com")
    }

    @Test func formatAnUnformattedTag() async throws {
        let home = try home()
        let source = try String(
            contentsOf: Self.fixtures.appendingPathComponent("real_talking_sasquach_ntag213/source.nfc"),
            encoding: .utf8)
        let tag = home + "/blank.nfc"
        try source.replacingOccurrences(of: "Page 3: E1 10 12 00", with: "Page 3: 00 00 00 00")
            .write(toFile: tag, atomically: true, encoding: .utf8)
        let read = await run(["read", "--tag", tag, "--json"], home: home)
        #expect((try json(read.out)["ndef"] as? [String: Any])?["state"] as? String == "not-formatted")
        let write = await run(["write", "uri", "https://example.com", "--tag", tag], home: home)
        #expect(write.status == 1)
        #expect(write.err.contains("not NDEF-formatted"))
        let format = await run(["format", "--tag", tag, "--json"], home: home)
        #expect(format.status == 0, "\(format.err)")
        #expect(try json(format.out)["cc"] as? String == "e1101200")
        let after = await run(["read", "--tag", tag, "--json"], home: home)
        #expect((try json(after.out)["ndef"] as? [String: Any])?["state"] as? String == "empty")
        // Run again on its own finished state: nothing to send, success, the tag unchanged.
        let settled = try Data(contentsOf: URL(fileURLWithPath: tag))
        let again = await run(["format", "--tag", tag], home: home)
        #expect(again.status == 0, "\(again.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tag)) == settled)
    }

    /// The real Ultralight EV1 game card: pages 4–7 are statically locked, so it cannot be
    /// formatted; TapCard says so before writing.
    @Test func lockedGameCardCannotBeFormatted() async throws {
        let home = try home()
        let tag = home + "/game.nfc"
        try FileManager.default.copyItem(
            atPath: Self.fixtures.appendingPathComponent("real_dave_busters_ul_ev1_unformatted/source.nfc").path,
            toPath: tag)
        let result = await run(["format", "--tag", tag], home: home)
        #expect(result.status == 1)
        #expect(result.err.contains("Page 4"))
    }

    @Test func demoWritesAndVerifiesABusinessCard() async throws {
        let home = try home()
        let result = await run(["demo", "--json"], home: home)
        #expect(result.status == 0, "\(result.err)")
        let demo = try json(result.out)
        let write = try #require(demo["write"] as? [String: Any])
        #expect(write["verified"] as? Bool == true)
        let read = try #require(demo["read"] as? [String: Any])
        let records = (read["ndef"] as? [String: Any])?["records"] as? [[String: Any]]
        #expect((records?.first?["view"] as? [String: Any])?["mime"] as? String == "text/vcard")
        let text = await run(["demo"], home: home)
        #expect(text.out.contains("Verified"))
        #expect(text.out.contains("FN:Ada Lovelace"))
    }
}
