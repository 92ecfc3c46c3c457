import Foundation
import TapCardCLI
import TapCardSupport
import Testing

/// `tapcard sun verify`: the verdict, its JSON v1 object and its exit statuses (0 valid, 1
/// refused, 65 malformed), on AN12196's URLs and sdm-backend's bulk one
/// (shared/reference/type4-type5-ntag424.md §2.8 S2, S3, S6), and `--track`'s replay refusal.
@Suite struct SUNVerifyCommandTests {
    static let zero = String(repeating: "0", count: 32)
    static let s3 =
        "https://www.my424dna.com/?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6"

    private func run(_ arguments: [String]) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO()
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aValidURLGivesUIDCounterAndFileData() async throws {
        let result = await run(["sun", "verify", Self.s3, "--meta-key", Self.zero, "--file-key", Self.zero, "--json"])
        #expect(result.status == 0)
        let json = try object(result.io.outputText)
        #expect(json["valid"] as? Bool == true)
        #expect(json["uid"] as? String == "04958caa5c5e80")
        #expect(json["counter"] as? Int == 8)
        #expect(json["file_text"] as? String == "xxxxxxxxxxxxxxxx")
        #expect(json["reason"] is NSNull)
        #expect(json["tracked"] as? Bool == false && json["last_counter"] is NSNull)
        #expect(json["file_data"] as? String == String(repeating: "78", count: 16))
        #expect(Set(json.keys) == Self.keys)
    }

    static let keys: Set<String> = [
        "schema_version", "valid", "uid", "counter", "file_data", "file_text", "reason", "message", "tracked",
        "last_counter",
    ]

    @Test func theBulkStyleWithCustomKeys() async throws {
        let url =
            "https://sdm.example/tag?e=8ACADDEF0A9B62CDAE39A16B83FC14DEB8436E11F627BB7F543FCC0C1E0D1A89238B2543A8DEBAD8"
        let result = await run([
            "sun", "verify", url, "--meta-key", "42aff114f2cb3b6141be6dc95dfc5416", "--file-key",
            "b62a9baf092439bd43c62aee96b970c5",
        ])
        #expect(result.status == 0)
        #expect(result.io.outputText.contains("UID 04:1D:3C:8A:2D:6B:80, read counter 291"))
        #expect(result.io.outputText.contains("File data: NTXXqno_oBFpwy-V"))
    }

    /// `tapcard sun verify` on the separated style and on the bulk style (`?e=<PICCData><enc><MAC>`,
    /// what a bulk-programmed batch of tags produces): a MAC wrong in any one of its 16 hex digits,
    /// whichever byte it falls in, exits 1 with reason `mac-mismatch`. (Mutation audit, issue 29:
    /// comparing only the first 7 MAC bytes passed every CLI test but one.)
    @Test func aMACWrongInAnyOneDigitIsRefusedInEveryStyle() async throws {
        let bulk =
            "https://sdm.example/tag?e=8ACADDEF0A9B62CDAE39A16B83FC14DEB8436E11F627BB7F543FCC0C1E0D1A89238B2543A8DEBAD8"
        let styles: [(url: String, meta: String, file: String)] = [
            (Self.s3, Self.zero, Self.zero),
            (bulk, "42aff114f2cb3b6141be6dc95dfc5416", "b62a9baf092439bd43c62aee96b970c5"),
        ]
        for (url, meta, file) in styles {
            let intact = await run(["sun", "verify", url, "--meta-key", meta, "--file-key", file])
            #expect(intact.status == 0)
            let head = String(url.dropLast(16))
            var digits = Array(url.suffix(16))
            for index in digits.indices {
                let original = digits[index]
                let value = try #require(Int(String(original), radix: 16))
                digits[index] = Character(String(value ^ 1, radix: 16).uppercased())
                let result = await run([
                    "sun", "verify", head + String(digits), "--meta-key", meta, "--file-key", file, "--json",
                ])
                #expect(result.status == 1, "digit \(index)")
                #expect(try object(result.io.outputText)["reason"] as? String == "mac-mismatch", "digit \(index)")
                digits[index] = original
            }
        }
    }

    @Test func eachRefusalHasItsReasonAndExitStatus() async throws {
        let cases: [(url: String, meta: String, status: Int32, reason: String)] = [
            (Self.s3.replacingOccurrences(of: "cmac=ECC1", with: "cmac=ECC0"), Self.zero, 1, "mac-mismatch"),
            (Self.s3, String(repeating: "1", count: 32), 1, "wrong-key"),
            (
                Self.s3.replacingOccurrences(of: "picc_data=FD91", with: "picc_data=FD9"), Self.zero, 1,
                "malformed-picc-data"
            ),
            ("https://x.example/?e=00&c=11", Self.zero, 65, "malformed-url"),
            ("https://x.example/", Self.zero, 65, "malformed-url"),
        ]
        for (url, meta, status, reason) in cases {
            let result = await run(["sun", "verify", url, "--meta-key", meta, "--file-key", Self.zero, "--json"])
            #expect(result.status == status, "\(reason)")
            let json = try object(result.io.outputText)
            #expect(json["valid"] as? Bool == false && json["reason"] as? String == reason)
            #expect(json["uid"] is NSNull && json["counter"] is NSNull)
            #expect(Set(json.keys) == Self.keys)
            #expect(!result.io.errorOutput.isEmpty)
        }
    }

    @Test func trackRefusesAReplayAcrossInvocationsWithTheSameDatabase() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("tapcard.sqlite").path
        let arguments = [
            "sun", "verify", Self.s3, "--meta-key", Self.zero, "--file-key", Self.zero, "--track", "--db", db,
        ]
        let first = await run(arguments + ["--json"])
        #expect(first.status == 0)
        let accepted = try object(first.io.outputText)
        #expect(accepted["tracked"] as? Bool == true && accepted["last_counter"] is NSNull)
        let replay = await run(arguments + ["--json"])
        #expect(replay.status == 1)
        let refused = try object(replay.io.outputText)
        #expect(refused["reason"] as? String == "counter-not-increasing")
        #expect(refused["uid"] as? String == "04958caa5c5e80" && refused["counter"] as? Int == 8)
        #expect(refused["last_counter"] as? Int == 8)
        let words = await run(arguments)
        #expect(words.status == 1)
        #expect(words.io.errorOutput.contains("read counter 8") && words.io.errorOutput.contains("accepted for it, 8"))
        // A later tap of the same tag (S2 is another UID: its first tap is accepted).
        let other = await run([
            "sun", "verify", "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086",
            "--meta-key", Self.zero, "--file-key", Self.zero, "--track", "--db", db,
        ])
        #expect(other.status == 0 && other.io.outputText.contains("First accepted tap of this UID"))
        // Stateless without --track: the same URL verifies again.
        let stateless = await run(["sun", "verify", Self.s3, "--meta-key", Self.zero, "--file-key", Self.zero])
        #expect(stateless.status == 0 && stateless.io.outputText.contains("replayed URL verifies too"))
        // --db alone is a usage error.
        let dbAlone = await run([
            "sun", "verify", Self.s3, "--meta-key", Self.zero, "--file-key", Self.zero, "--db", db,
        ])
        #expect(dbAlone.status == 64)
    }

    @Test func helpNamesTheStylesReasonsAndTrack() async {
        let help = await run(["sun", "verify", "--help"])
        #expect(help.status == 0)
        for word in ["--track", "--db", "counter-not-increasing", "wrong-key", "malformed-picc-data", "bulk", "p="] {
            #expect(help.io.outputText.contains(word), "\(word)")
        }
    }

    @Test func refusalsAndMalformedInput() async throws {
        let altered = Self.s3.replacingOccurrences(of: "cmac=ECC1", with: "cmac=ECC0")
        let refused = await run(["sun", "verify", altered, "--meta-key", Self.zero, "--file-key", Self.zero, "--json"])
        #expect(refused.status == 1)
        let json = try object(refused.io.outputText)
        #expect(json["valid"] as? Bool == false && json["reason"] as? String == "mac-mismatch")
        // The right MAC is never revealed.
        #expect(
            !refused.io.outputText.contains("ECC1E7F6C6C73BF6") && !refused.io.errorOutput.contains("ECC1E7F6C6C73BF6"))
        let wrongMeta = await run([
            "sun", "verify", Self.s3, "--meta-key", String(repeating: "1", count: 32), "--file-key", Self.zero,
        ])
        #expect(wrongMeta.status == 1 && wrongMeta.io.errorOutput.contains("meta key is wrong"))
        let malformed = await run([
            "sun", "verify", "https://x.example/?e=00&c=11", "--meta-key", Self.zero, "--file-key", Self.zero,
        ])
        #expect(malformed.status == 65)
        let shortKey = await run(["sun", "verify", Self.s3, "--meta-key", "0011", "--file-key", Self.zero])
        #expect(shortKey.status == 65 && shortKey.io.errorOutput.contains("meta key is 2 bytes"))
        let missing = await run(["sun", "verify", Self.s3, "--file-key", Self.zero])
        #expect(missing.status == 64)
    }

    /// Issue 25, item 3: a short key gave the generic error object (kind, no `reason`); docs/reference/json.md
    /// promises the result object with reason `key-length` and exit 65.
    @Test func aShortOrNonHexKeyIsKeyLengthInTheResultObject() async throws {
        for (meta, file) in [("0011", Self.zero), (Self.zero, String(repeating: "0", count: 34)), ("zz", Self.zero)] {
            let result = await run(["sun", "verify", Self.s3, "--meta-key", meta, "--file-key", file, "--json"])
            #expect(result.status == 65)
            let json = try object(result.io.outputText)
            #expect(json["reason"] as? String == "key-length" && json["valid"] as? Bool == false)
            #expect(Set(json.keys) == Self.keys)
        }
    }

    /// Issue 25, item 3: the appended second MAC verified before (the first value won).
    @Test func aRepeatedParameterIsMalformed() async throws {
        let result = await run([
            "sun", "verify", Self.s3 + "&cmac=0000000000000000", "--meta-key", Self.zero, "--file-key", Self.zero,
            "--json",
        ])
        #expect(result.status == 65)
        #expect(try object(result.io.outputText)["reason"] as? String == "malformed-url")
    }

    /// Issue 25, item 2: a URL of a template with other names verifies with --template.
    @Test func aTemplateTeachesTheNames() async throws {
        let url = "https://h.example/p/EF963FF7828658A599F3041510671E88/94EED9EE65337086"
        let without = await run(["sun", "verify", url, "--meta-key", Self.zero, "--file-key", Self.zero])
        #expect(without.status == 65)
        let with = await run([
            "sun", "verify", url, "--meta-key", Self.zero, "--file-key", Self.zero, "--template",
            "https://h.example/p/{picc}/{mac}", "--json",
        ])
        #expect(with.status == 0)
        #expect(try object(with.io.outputText)["counter"] as? Int == 61)
    }

    /// Issue 25, item 5: one result per line, in input order, for URLs (keys from the options) and
    /// JSON objects (their own keys), a malformed line included; exit 65 for the malformed one.
    @Test func jsonLinesInInputOrder() async throws {
        let path = NSTemporaryDirectory() + "sun-batch-\(UInt32.random(in: 0...UInt32.max)).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bulk =
            "https://sdm.example/tag?e=8ACADDEF0A9B62CDAE39A16B83FC14DEB8436E11F627BB7F543FCC0C1E0D1A89238B2543A8DEBAD8"
        let lines = [
            Self.s3,
            #"{"url": "\#(bulk)", "meta_key": "42aff114f2cb3b6141be6dc95dfc5416", "file_key": "b62a9baf092439bd43c62aee96b970c5"}"#,
            "",
            Self.s3.replacingOccurrences(of: "cmac=ECC1", with: "cmac=ECC0"),
            #"{"url": "x", "url": "y"}"#,
            #"{"url": "\#(Self.s3)", "meta_key": "0011"}"#,
        ]
        try (lines.joined(separator: "\r\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = await run(["sun", "verify", "--jsonl", path, "--meta-key", Self.zero, "--file-key", Self.zero])
        #expect(result.status == 65)
        let objects = try result.io.outputText.split(separator: "\n").map { try object(String($0)) }
        try #require(objects.count == 5)
        #expect(objects.map { $0["line"] as? Int } == [1, 2, 4, 5, 6])
        #expect(objects.map { $0["valid"] as? Bool } == [true, true, false, false, false])
        #expect(objects[0]["counter"] as? Int == 8 && objects[1]["counter"] as? Int == 291)
        #expect(objects.map { $0["reason"] as? String } == [nil, nil, "mac-mismatch", "malformed-url", "key-length"])
        #expect(objects.allSatisfy { $0["schema_version"] as? Int == 1 })
        // Only refusals: exit 1; all valid: exit 0 (standard input).
        let refusedOnly = CheckedIO(
            input: Array(
                (Self.s3 + "\n" + Self.s3.replacingOccurrences(of: "cmac=ECC1", with: "cmac=ECC0") + "\n").utf8))
        #expect(
            await CLI.run(
                ["sun", "verify", "--jsonl", "-", "--meta-key", Self.zero, "--file-key", Self.zero], io: refusedOnly)
                == 1)
        let validOnly = CheckedIO(input: Array((Self.s3 + "\n").utf8))
        #expect(
            await CLI.run(
                ["sun", "verify", "--jsonl", "--meta-key", Self.zero, "--file-key", Self.zero], io: validOnly) == 0)
    }

    /// Issue 25, item 5: --track in a batch records each accepted counter before the next line, so the
    /// same URL twice in one batch is a replay the second time.
    @Test func trackInABatch() async throws {
        let database = NSTemporaryDirectory() + "sun-batch-\(UInt32.random(in: 0...UInt32.max)).sqlite"
        defer { try? FileManager.default.removeItem(atPath: database) }
        let io = CheckedIO(input: Array((Self.s3 + "\n" + Self.s3 + "\n").utf8))
        let status = await CLI.run(
            [
                "sun", "verify", "--jsonl", "-", "--meta-key", Self.zero, "--file-key", Self.zero, "--track", "--db",
                database,
            ], io: io)
        #expect(status == 1)
        let objects = try io.outputText.split(separator: "\n").map { try object(String($0)) }
        #expect(objects.map { $0["reason"] as? String } == [nil, "counter-not-increasing"])
        #expect(objects[1]["last_counter"] as? Int == 8 && objects[0]["tracked"] as? Bool == true)
    }

    /// Issue 25, item 3: every reason docs/reference/json.md documents for `sun verify` is produced, with the
    /// exit status the document gives it, and no reason is left undocumented.
    @Test func everyDocumentedReasonWithItsDocumentedStatus() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("docs/reference/json.md"), encoding: .utf8)
        let row = try #require(document.split(separator: "\n").first { $0.hasPrefix("| `sun verify --json` |") })
        var documented: [String: Int32] = [:]
        for status: Int32 in [1, 65] {
            let start = try #require(row.range(of: "(exit \(status): "))
            let list = row[start.upperBound...].prefix { $0 != ")" }
            for word in list.split(separator: "`") where word.first?.isLetter == true {
                documented[String(word)] = status
            }
        }
        let database = NSTemporaryDirectory() + "sun-reasons-\(UInt32.random(in: 0...UInt32.max)).sqlite"
        defer { try? FileManager.default.removeItem(atPath: database) }
        let makes: [String: [String]] = [
            "mac-mismatch": [Self.s3.replacingOccurrences(of: "cmac=ECC1", with: "cmac=ECC0")],
            "wrong-key": [Self.s3, "--meta-key", String(repeating: "1", count: 32)],
            "malformed-picc-data": [Self.s3.replacingOccurrences(of: "picc_data=FD91", with: "picc_data=FD9")],
            "counter-not-increasing": [Self.s3, "--track", "--db", database],
            "malformed-url": [Self.s3 + "&cmac=0000000000000000"],
            "key-length": [Self.s3, "--file-key", "00"],
        ]
        #expect(Set(documented.keys) == Set(makes.keys))
        _ = await run([
            "sun", "verify", Self.s3, "--meta-key", Self.zero, "--file-key", Self.zero, "--track", "--db", database,
        ])
        for (reason, arguments) in makes {
            var line = ["sun", "verify"] + arguments + ["--json"]
            if !line.contains("--meta-key") { line += ["--meta-key", Self.zero] }
            if !line.contains("--file-key") { line += ["--file-key", Self.zero] }
            let result = await run(line)
            let json = try object(result.io.outputText)
            #expect(json["reason"] as? String == reason)
            #expect(result.status == documented[reason], "\(reason)")
        }
    }
}
