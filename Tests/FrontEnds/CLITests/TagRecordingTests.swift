import Foundation
import NDEF
import Store
import TagEmulator
import TagWorkflows
import Testing

@testable import TapCardCLI

@Suite("Tag commands record into the store")
struct TagRecordingTests {
    @Test("A write, a read, an inspection and a lock land in the inventory and the write log")
    func recordsOperations() async throws {
        let scenario = FocusScenario()
        let io = CapturedIO(environment: ["TAPCARD_HOME": scenario.home])
        var arguments = Arguments([], command: "write")
        let recording = try TagRecording.take(&arguments, io: io)
        let emulated = EmulatedTag(model: .ntag213, uid: [0x04, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56])
        let tag = Type2Tag(transport: emulated, declaredModel: .ntag213)
        let message = NDEFMessage(records: [NDEFRecord.uri("https://example.org/")])
        let now = Date(timeIntervalSince1970: 1_800_000_000)

        let write = try await tag.write(message)
        recording.write(write, message: message.encoded(), io: io, at: now)
        let read = try await Type2Tag(transport: emulated, declaredModel: .ntag213).read()
        recording.read(read, io: io, at: now.addingTimeInterval(10))
        let inspection = try await Type2Tag(transport: emulated, declaredModel: .ntag213).inspect()
        recording.inspection(inspection, io: io, at: now.addingTimeInterval(20))
        let lock = try await Type2Tag(transport: emulated, declaredModel: .ntag213).lock(confirmation: .permanent)
        recording.pageOperation(lock, operation: .lock, io: io, at: now.addingTimeInterval(30))
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
        let io = CapturedIO()
        var arguments = Arguments(["--db", blocker + "/inside/db.sqlite"], command: "read")
        let recording = try TagRecording.take(&arguments, io: io)
        let emulated = EmulatedTag(model: .ntag213)
        let read = try await Type2Tag(transport: emulated, declaredModel: .ntag213).read()
        recording.read(read, io: io)
        #expect(
            io.errorOutput.hasPrefix("warning: the tag operation completed but was not recorded: SQLite could not open")
        )
    }
}
