import CommandLineKit
import Foundation
import NDEF
import Store
import TagEmulator
import TagWorkflows
import TapCardSupport
import Testing

@testable import TapCardCLI

@Suite("Tag commands record into the store")
struct TagRecordingTests {
    @Test("A write, a read, an inspection and a lock land in the inventory and the write log")
    func recordsOperations() async throws {
        let scenario = FocusScenario()
        let io = CheckedIO(environment: ["TAPCARD_HOME": scenario.home])
        var arguments = try Arguments([], command: "write", options: DatabaseOption.options)
        let recording = try TagRecording.take(&arguments, io: io)
        let emulated = EmulatedTag(model: .ntag213, uid: [0x04, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56])
        let tag = Type2Tag(transport: emulated, declaredModel: .ntag213)
        let message = NDEFMessage(records: [NDEFRecord.uri("https://example.org/")])
        let now = Date(timeIntervalSince1970: 1_800_000_000)

        let write = try await tag.write(message)
        recording.record(TagWriteOutcome(write), operation: .write, io: io, at: now)
        let read = try await Type2Tag(transport: emulated, declaredModel: .ntag213).read()
        recording.record(TagReport(read), io: io, at: now.addingTimeInterval(10))
        let inspection = try await Type2Tag(transport: emulated, declaredModel: .ntag213).inspect()
        recording.record(TagReport(inspection), io: io, at: now.addingTimeInterval(20))
        let lock = try await Type2Tag(transport: emulated, declaredModel: .ntag213).lock(confirmation: .permanent)
        recording.record(TagManagementOutcome(lock), operation: .lock, io: io, at: now.addingTimeInterval(30))
        #expect(io.errorOutput == "")

        let store = try TapCardStore(path: StoreLocation.defaultDatabasePath(environment: io.environment))
        let key = TagKey(uid: [0x04, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56], chip: "ntag213")
        let record = try #require(try store.tag(key))
        #expect(record.capacity == CapacityRecord(bytes: write.capacity.bytes, source: .reported))
        #expect(record.lastSeen == now.addingTimeInterval(30))
        #expect(record.lockedAt == now.addingTimeInterval(30))
        #expect(record.signature == .invalid)  // an emulated tag answers READ_SIG with zeros
        let log = try store.writes(for: key)
        #expect(log.map(\.operation) == [.lock, .write])
        #expect(log.first?.verified == true)
        #expect(log.last?.message == message.encoded())
        #expect(log.last?.verified == write.verified)
        #expect(log.last?.pagesWritten == write.pagesWritten.count)
        #expect((log.last?.modeledAirTime ?? 0) > 0)
    }

    @Test("A database that cannot be opened is a warning, not a failure")
    func warningOnly() async throws {
        let scenario = FocusScenario()
        let blocker = scenario.path("file")
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        let io = CheckedIO()
        var arguments = try Arguments(
            ["--db", blocker + "/db.sqlite"], command: "read", options: DatabaseOption.options)
        let recording = try TagRecording.take(&arguments, io: io)
        let emulated = EmulatedTag(model: .ntag213)
        let read = try await Type2Tag(transport: emulated, declaredModel: .ntag213).read()
        recording.record(TagReport(read), io: io)
        #expect(
            io.errorOutput.hasPrefix("warning: the tag operation completed but was not recorded: SQLite could not open")
        )
    }

    // MARK: The tag commands themselves, end to end through `tapcard tags --json`

    /// The one tag in `tapcard tags --db PATH --json`.
    private func inventory(_ scenario: FocusScenario, db: String) async throws -> [[String: Any]] {
        let result = await scenario.run(["tags", "--db", db, "--json"])
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return try #require(object["tags"] as? [[String: Any]])
    }

    /// A factory-fresh virtual NTAG213 (`tapcard sim new`), as the tag commands are used on.
    private func newTag(_ scenario: FocusScenario, _ name: String, uid: String) async throws -> String {
        let path = scenario.path(name)
        let made = await scenario.run(["sim", "new", "ntag213", path, "--uid", uid])
        try #require(made.status == 0, "\(made.error)")
        return path
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("tapcard write records the tag with the capacity it reported and the write")
    func writeCommandRecords() async throws {
        let scenario = FocusScenario()
        let tag = try await newTag(scenario, "a.nfc", uid: "04A1B2C3D4E5F6")
        let db = scenario.path("inventory.sqlite")
        let write = await scenario.run(["write", "uri", "https://example.org/x", "--tag", tag, "--db", db, "--json"])
        #expect(write.status == 0, "\(write.error)")
        #expect(!write.error.contains("warning"))
        let report = try object(write.output)
        let reported = try #require(report["capacity"] as? [String: Any])

        let tags = try await inventory(scenario, db: db)
        #expect(tags.count == 1)
        let entry = try #require(tags.first)
        #expect((entry["uid"] as? [String: Any])?["hex"] as? String == "04a1b2c3d4e5f6")
        #expect((entry["chip"] as? [String: Any])?["model"] as? String == "ntag213")
        // A factory NTAG213's CC (E1 10 12 00) gives 0x12 × 8 = 144 data bytes; the factory Lock
        // Control TLV takes 5 (01 03 A0 0C 34) and the NDEF TLV's header 2 (T, one-byte L), so
        // the largest message is 137 bytes — the figure the write measured from the tag.
        #expect(reported["bytes"] as? Int == 137)
        #expect(entry["capacity_bytes"] as? Int == 137)
        #expect(entry["capacity_source"] as? String == "reported")
        #expect(entry["first_seen"] as? String == "2027-01-15T08:00:00Z")
        #expect(entry["writes"] as? Int == 1)
        let last = try #require(entry["last_write"] as? [String: Any])
        #expect(last["operation"] as? String == "write")
        let expected = NDEFMessage(records: [NDEFRecord.uri("https://example.org/x")]).encoded()
        #expect(last["message_hex"] as? String == Hex.encode(expected))
        #expect(last["message_bytes"] as? Int == expected.count)
        #expect(last["verified"] as? Bool == true)
        #expect(last["capacity_bytes"] as? Int == 137)
        #expect(last["pages_written"] as? Int == (report["pages_written"] as? [Any])?.count)
        #expect(last["at"] as? String == "2027-01-15T08:00:00Z")
    }

    @Test("tapcard read and tapcard lock are recorded too; the lock marks the tag locked")
    func readAndLockCommandsRecord() async throws {
        let scenario = FocusScenario()
        let tag = try await newTag(scenario, "b.nfc", uid: "04112233445566")
        let db = scenario.path("inventory.sqlite")

        let read = await scenario.run(["read", "--tag", tag, "--db", db])
        #expect(read.status == 0, "\(read.error)")
        var entry = try #require(try await inventory(scenario, db: db).first)
        #expect((entry["uid"] as? [String: Any])?["hex"] as? String == "04112233445566")
        #expect(entry["capacity_bytes"] as? Int == 137)
        #expect(entry["capacity_source"] as? String == "reported")
        #expect(entry["writes"] as? Int == 0)
        #expect(entry["last_write"] is NSNull)
        #expect(entry["locked_at"] is NSNull)
        #expect(entry["last_seen"] as? String == "2027-01-15T08:00:00Z")

        scenario.advance(minutes: 1)
        let lock = await scenario.run(["lock", "--yes-lock-permanently", "--tag", tag, "--db", db])
        #expect(lock.status == 0, "\(lock.error)")
        entry = try #require(try await inventory(scenario, db: db).first)
        #expect(entry["locked_at"] as? String == "2027-01-15T08:01:00Z")
        #expect(entry["last_seen"] as? String == "2027-01-15T08:01:00Z")
        #expect(entry["first_seen"] as? String == "2027-01-15T08:00:00Z")
        #expect(entry["writes"] as? Int == 1)
        let last = try #require(entry["last_write"] as? [String: Any])
        #expect(last["operation"] as? String == "lock")
        #expect(last["verified"] as? Bool == true)
        #expect((last["pages_written"] as? Int ?? 0) > 0)

        // A refused command (the tag is read-only now) records nothing.
        scenario.advance(minutes: 1)
        let refused = await scenario.run(["write", "uri", "https://example.org/", "--tag", tag, "--db", db])
        #expect(refused.status != 0)
        entry = try #require(try await inventory(scenario, db: db).first)
        #expect(entry["writes"] as? Int == 1)
        #expect(entry["last_seen"] as? String == "2027-01-15T08:01:00Z")
    }

    @Test("tapcard erase and format are logged with their operation")
    func eraseAndFormatCommandsRecord() async throws {
        let scenario = FocusScenario()
        let db = scenario.path("inventory.sqlite")
        let tag = scenario.path("blank.nfc")
        let made = await scenario.run(["sim", "new", "ntag215", tag, "--uid", "04010203040506", "--unformatted"])
        #expect(made.status == 0, "\(made.error)")
        let format = await scenario.run(["format", "--tag", tag, "--db", db])
        #expect(format.status == 0, "\(format.error)")
        var last = try #require(try await inventory(scenario, db: db).first?["last_write"] as? [String: Any])
        #expect(last["operation"] as? String == "format")
        #expect(last["verified"] as? Bool == true)
        scenario.advance(minutes: 1)
        let erase = await scenario.run(["erase", "--tag", tag, "--db", db])
        #expect(erase.status == 0, "\(erase.error)")
        let entry = try #require(try await inventory(scenario, db: db).first)
        #expect((entry["uid"] as? [String: Any])?["hex"] as? String == "04010203040506")
        #expect((entry["chip"] as? [String: Any])?["model"] as? String == "ntag215")
        #expect(entry["writes"] as? Int == 2)
        last = try #require(entry["last_write"] as? [String: Any])
        #expect(last["operation"] as? String == "erase")
        #expect(last["message_bytes"] as? Int == 0)
    }

    @Test("tapcard info records the originality-signature verdict: valid for a real NXP tag, invalid for zeros")
    func infoCommandRecordsSignature() async throws {
        let scenario = FocusScenario()
        let db = scenario.path("inventory.sqlite")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Fixtures/type2-real/real_talking_sasquach_ntag213/source.nfc")
        let real = scenario.path("real.nfc")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: real)
        let virtual = try await newTag(scenario, "virtual.nfc", uid: "04A1B2C3D4E5F6")
        for tag in [real, virtual] {
            let info = await scenario.run(["info", "--tag", tag, "--db", db])
            #expect(info.status == 0, "\(info.error)")
        }
        let tags = try await inventory(scenario, db: db)
        let byUID = Dictionary(
            tags.map { ((($0["uid"] as? [String: Any])?["hex"] as? String)?.uppercased() ?? "", $0) },
            uniquingKeysWith: { a, _ in a })
        // expected.json of the fixture: UID 045EC8BA074F81, 137-byte capacity, signature verifies.
        #expect(byUID["045EC8BA074F81"]?["signature"] as? String == "valid")
        #expect(byUID["045EC8BA074F81"]?["capacity_bytes"] as? Int == 137)
        #expect(byUID["04A1B2C3D4E5F6"]?["signature"] as? String == "invalid")
    }

    @Test("A --db that cannot be opened: a warning, exit 0, and the tag is written")
    func brokenDatabasePathWarns() async throws {
        let scenario = FocusScenario()
        let tag = try await newTag(scenario, "c.nfc", uid: "04A1B2C3D4E5F7")
        let blocker = scenario.path("not-a-directory")
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        let db = blocker + "/tapcard.sqlite"
        let write = await scenario.run(["write", "text", "kept", "--tag", tag, "--db", db, "--json"])
        #expect(write.status == 0)
        let warnings = write.error.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("warning: the tag operation completed but was not recorded") == true)
        // Standard output is still exactly one JSON report.
        #expect(try object(write.output)["verified"] as? Bool == true)
        let read = await scenario.run(["read", "--tag", tag, "--json", "--db", scenario.path("ok.sqlite")])
        #expect(read.status == 0)
        let ndef = try #require(try object(read.output)["ndef"] as? [String: Any])
        let expected = NDEFMessage(records: [NDEFRecord.text("kept")]).encoded()
        #expect(ndef["hex"] as? String == Hex.encode(expected))
    }
}

@Suite("The store's UIDs in every tag type")
struct StoredUIDShapeTests {
    /// `tags --json` names a Type 5 UID's manufacturer from byte 1 (after E0) and gives a FeliCa
    /// IDm no NFC-A manufacturer; an ST25DV04K, which has no originality signature, is recorded
    /// as "unsupported" once inspected, not as "not checked".
    @Test("tags --json: Type 5 manufacturer from UID byte 1, none for an IDm, no signature on ST25DV04K")
    func typeFiveAndThreeUIDs() async throws {
        let scenario = FocusScenario()
        let st = scenario.path("st.nfc")
        let felica = scenario.path("card.felica")
        #expect(await scenario.run(["sim", "new", "st25dv04k", st, "--uid", "E002240012345678"]).status == 0)
        #expect(await scenario.run(["sim", "new", "felica-lite-s", felica, "--idm", "012E4CD8B1A2C3D4"]).status == 0)
        #expect(await scenario.run(["info", "--tag", st]).status == 0)
        #expect(await scenario.run(["read", "--tag", felica]).status == 0)
        let tags = await scenario.run(["tags", "--json"])
        #expect(tags.status == 0, "\(tags.error)")
        let object = try JSONSerialization.jsonObject(with: Data(tags.output.utf8)) as? [String: Any]
        let entries = try #require(object?["tags"] as? [[String: Any]])
        let byChip = Dictionary(
            uniqueKeysWithValues: entries.compactMap { entry -> (String, [String: Any])? in
                guard let chip = (entry["chip"] as? [String: Any])?["model"] as? String else { return nil }
                return (chip, entry)
            })
        let stUID = try #require(byChip["st25dv04k"]?["uid"] as? [String: Any])
        #expect(stUID["manufacturer"] as? String == "STMicroelectronics")
        #expect(stUID["manufacturer_code"] as? Int == 2)
        #expect(byChip["st25dv04k"]?["signature"] as? String == "unsupported")
        let idm = try #require(byChip["felica-lite-s"]?["uid"] as? [String: Any])
        #expect(idm["hex"] as? String == "012e4cd8b1a2c3d4")
        #expect(idm["manufacturer"] is NSNull)
    }
}
