import Foundation
import Store
import TapCardSupport
import Testing

@Suite("Store records")
struct TapCardStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let kitchen = TagKey(uid: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80], chip: "ntag213")
    let office = TagKey(uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x80], chip: "ntag215")

    func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    @Test("Tags: first/last seen, and a reported capacity is never replaced by an assumed one")
    func tagSightings() throws {
        let directory = TemporaryDirectory()
        let store = try TapCardStore(path: directory.file("s.sqlite"))
        try store.recordTagSeen(kitchen, capacity: CapacityRecord(bytes: 137, source: .assumed), at: at(0))
        try store.recordTagSeen(kitchen, capacity: CapacityRecord(bytes: 144, source: .reported), at: at(10))
        try store.recordTagSeen(kitchen, capacity: CapacityRecord(bytes: 137, source: .assumed), at: at(20))
        try store.recordTagSeen(kitchen, at: at(5))  // an older sighting arriving late
        let record = try #require(try store.tag(kitchen))
        #expect(record.capacity == CapacityRecord(bytes: 144, source: .reported))
        #expect(record.firstSeen == at(0))
        #expect(record.lastSeen == at(20))
        // Same UID on another chip is another tag.
        try store.recordTagSeen(TagKey(uid: kitchen.uid, chip: "ntag216"), at: at(30))
        #expect(try store.inventory().count == 2)
    }

    @Test("User text is bound, never spliced into SQL")
    func boundParameters() throws {
        let directory = TemporaryDirectory()
        let store = try TapCardStore(path: directory.file("s.sqlite"))
        let nasty = "drawer'); DROP TABLE tags; --"
        try store.pairTag(
            kitchen, profile: "it's \"mine\"", label: "Ünïcode ☕", location: nasty, signature: nil, at: at(0))
        let paired = try store.pairedTags(profile: "it's \"mine\"")
        #expect(paired.first?.tag.location == nasty)
        #expect(paired.first?.tag.label == "Ünïcode ☕")
        #expect(try store.inventory().count == 1)
    }

    @Test("Write log: entries newest first, inventory shows count and last write, lock marks the tag")
    func writeLog() throws {
        let directory = TemporaryDirectory()
        let recorder = try StoreRecorder(path: directory.file("s.sqlite"))
        let first: [UInt8] = [0xD1, 0x01, 0x04, 0x55, 0x04, 0x61, 0x2E, 0x62]
        let second: [UInt8] = [0xD1, 0x01, 0x04, 0x55, 0x04, 0x63, 0x2E, 0x64]
        try recorder.recordRead(uid: office.uid, chip: office.chip, capacityBytes: 496, at: at(0))
        try recorder.recordWrite(
            uid: office.uid, chip: office.chip, message: first, capacityBytes: 496, capacityReported: true,
            verified: true, pagesWritten: 3, modeledAirTime: 0.0125, at: at(10))
        try recorder.recordWrite(
            uid: office.uid, chip: office.chip, message: second, capacityBytes: 496, capacityReported: true,
            verified: false, pagesWritten: 3, modeledAirTime: nil, at: at(20))
        try recorder.recordLock(uid: office.uid, chip: office.chip, verified: true, pagesWritten: 2, at: at(30))
        let writes = try recorder.store.writes(for: office)
        #expect(writes.map(\.operation) == [.lock, .write, .write])
        #expect(writes[1].message == second)
        #expect(writes[1].verified == false)
        #expect(writes[2].modeledAirTime == 0.0125)
        #expect(writes[2].capacity == CapacityRecord(bytes: 496, source: .reported))
        let inventory = try recorder.store.inventory()
        #expect(inventory.count == 1)
        #expect(inventory[0].writeCount == 3)
        #expect(inventory[0].lastWrite?.operation == .lock)
        #expect(inventory[0].tag.lockedAt == at(30))
        #expect(inventory[0].tag.lastSeen == at(30))
    }

    @Test("Sessions: start, end by tag, timer and emergency; emergency uses recorded with their session")
    func sessions() throws {
        let directory = TemporaryDirectory()
        let store = try TapCardStore(path: directory.file("s.sqlite"))
        try store.saveProfile(
            FocusProfileRecord(name: "focus", minimumDuration: 300, plannedDuration: 3_000), at: at(0))
        try store.pairTag(
            kitchen, profile: "focus", label: nil, location: "kitchen drawer", signature: .valid, at: at(0))
        try store.pairTag(office, profile: "focus", label: "Office", location: nil, signature: nil, at: at(1))
        #expect(try store.pairedTags(profile: "focus").map(\.tag.key) == [kitchen, office])
        #expect(try store.pairedTags(profile: "focus").first?.tag.signature == .valid)

        let first = try store.startSession(
            SessionStart(profile: "focus", tag: kitchen, at: at(100), minimumEnd: at(400), plannedEnd: at(3_100)))
        #expect(try store.latestSession(profile: "focus")?.endedAt == nil)
        // Only one open session per profile.
        do {
            try store.startSession(SessionStart(profile: "focus", tag: kitchen, at: at(101)))
            Issue.record("a second open session was recorded")
        } catch {
            #expect(error.sqliteCode == 19)  // SQLITE_CONSTRAINT
            #expect(error.origin == .platform)
        }
        try store.endSession(profile: "focus", SessionEnd(at: at(500), reason: .tag, by: office))
        try store.startSession(SessionStart(profile: "focus", tag: office, at: at(600), plannedEnd: at(900)))
        try store.endSession(profile: "focus", SessionEnd(at: at(900), reason: .timer))
        try store.startSession(SessionStart(profile: "focus", tag: kitchen, at: at(1_000)))
        try store.endSession(profile: "focus", SessionEnd(at: at(1_010), reason: .emergency))
        #expect(throws: StoreError.missing(what: "open focus session for the profile 'focus'")) {
            try store.endSession(profile: "focus", SessionEnd(at: at(1_020), reason: .emergency))
        }

        let history = try store.sessions(profile: "focus")
        #expect(history.map(\.endReason) == [.emergency, .timer, .tag])
        #expect(history[2].id == first)
        #expect(history[2].startedBy == kitchen)
        #expect(history[2].endedBy == office)
        #expect(history[2].minimumEnd == at(400))
        #expect(history[2].plannedEnd == at(3_100))
        #expect(history[1].endedAt == at(900))
        #expect(try store.emergencyUses(profile: "focus") == [at(1_010)])
        #expect(try store.consistencyProblems() == [])

        try store.unpairTag(office, profile: "focus")
        #expect(try store.pairedTags(profile: "focus").map(\.tag.key) == [kitchen])
    }

    @Test("A failed multi-row change leaves nothing behind (the transaction rolls back)")
    func rollback() throws {
        let directory = TemporaryDirectory()
        let store = try TapCardStore(path: directory.file("s.sqlite"))
        try store.startSession(SessionStart(profile: "focus", tag: kitchen, at: at(0)))
        // This start fails on its last row (the open-session index) after upserting a new tag.
        #expect(throws: StoreError.self) {
            try store.startSession(SessionStart(profile: "focus", tag: office, at: at(10)))
        }
        #expect(try store.tag(office) == nil)
        #expect(try store.sessions(profile: "focus").count == 1)
    }

    @Test("Default location: tapcard.sqlite in the shared data directory")
    func location() throws {
        #expect(
            try StoreLocation.defaultDatabasePath(environment: ["TAPCARD_HOME": "/x", "HOME": "/h"])
                == "/x/tapcard.sqlite")
        for environment in [
            ["HOME": "/h"], ["XDG_DATA_HOME": "/d", "HOME": "/h"], ["XDG_DATA_HOME": "rel", "HOME": "/h"],
        ] {
            #expect(
                try StoreLocation.defaultDatabasePath(environment: environment)
                    == DataDirectory.path(environment: environment) + "/tapcard.sqlite")
        }
        #expect(throws: DataDirectoryError.noHome) { try StoreLocation.defaultDatabasePath(environment: [:]) }
    }
}
