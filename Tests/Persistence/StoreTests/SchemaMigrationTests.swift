import Foundation
import Store
import Testing

@Suite("Schema migrations")
struct SchemaMigrationTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let tag = TagKey(uid: [0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06], chip: "ntag215")

    @Test("An empty file migrates to the latest version, in WAL mode, sound")
    func fromEmptyFile() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = try TapCardStore(path: path)
        #expect(try store.database.userVersion == Schema.latestVersion)
        #expect(Schema.latestVersion == 6)
        #expect(try store.database.scalar("PRAGMA journal_mode", during: "test")?.text == "wal")
        #expect(try store.integrityCheck() == ["ok"])
        let tables = try store.database.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", during: "test"
        ).compactMap { $0.first?.text }
        #expect(
            tables == [
                "emergency_uses", "focus_profiles", "focus_sun_keys", "paired_tags", "sessions", "sun_counters", "tags",
                "writes",
            ])
    }

    @Test("A missing directory is created")
    func createsDirectory() throws {
        let directory = TemporaryDirectory()
        let store = try TapCardStore(path: directory.file("a/b/tapcard.sqlite"))
        #expect(try store.database.userVersion == Schema.latestVersion)
    }

    @Test("Every earlier version migrates to the latest and keeps its rows", arguments: 0..<3)
    func fromEarlierVersion(version: Int) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("v\(version).sqlite")
        do {
            let database = try SQLiteDatabase(path: path)
            try Schema.migrate(database, to: version)
            #expect(try database.userVersion == version)
            // Rows as a TapCard of that version would have written them (raw SQL of that schema).
            if version >= 1 {
                try database.query(
                    """
                    INSERT INTO tags (uid, chip, capacity_bytes, capacity_source, label, location, first_seen, last_seen, signature)
                    VALUES (?1, 'ntag215', 496, 'reported', 'Desk', 'office', 1800000000000, 1800000060000, 'valid')
                    """, [.blob(tag.uid)], during: "seeding v1")
                try database.query(
                    """
                    INSERT INTO writes (tag_id, message, capacity_bytes, capacity_source, verified, pages_written, air_time_us, written_at)
                    VALUES (1, X'D1010855046578616D706C65', 496, 'reported', 1, 4, 23456, 1800000060000)
                    """, during: "seeding v1")
            }
            if version >= 2 {
                try database.execute(
                    """
                    INSERT INTO focus_profiles (name, minimum_ms, created_at) VALUES ('focus', 600000, 1800000000000);
                    INSERT INTO paired_tags (profile_id, tag_id, paired_at) VALUES (1, 1, 1800000000000);
                    INSERT INTO sessions (profile_id, started_by, started_at, ended_at, ended_how)
                        VALUES (1, 1, 1800000000000, 1800000600000, 'emergency');
                    INSERT INTO emergency_uses (profile_id, session_id, used_at) VALUES (1, 1, 1800000600000);
                    INSERT INTO sessions (profile_id, started_by, started_at) VALUES (1, 1, 1800000700000);
                    UPDATE tags SET last_seen = 1800000700000 WHERE id = 1;
                    """, during: "seeding v2")
            }
        }
        let store = try TapCardStore(path: path)
        #expect(try store.database.userVersion == Schema.latestVersion)
        #expect(try store.integrityCheck() == ["ok"])
        #expect(try store.consistencyProblems() == [])
        if version >= 1 {
            let record = try #require(try store.tag(tag))
            #expect(record.capacity == CapacityRecord(bytes: 496, source: .reported))
            #expect(record.label == "Desk")
            #expect(record.signature == .valid)
            let writes = try store.writes(for: tag)
            #expect(writes.count == 1)
            #expect(writes.first?.operation == .write)  // the column added in v3 defaults old rows to 'write'
            #expect(writes.first?.modeledAirTime == 0.023456)
        }
        if version >= 2 {
            #expect(try store.profile(named: "focus")?.minimumDuration == 600)
            #expect(try store.pairedTags(profile: "focus").map(\.tag.key) == [tag])
            let sessions = try store.sessions(profile: "focus")
            #expect(sessions.map(\.endReason) == [nil, .emergency])
            #expect(try store.emergencyUses(profile: "focus") == [t0.addingTimeInterval(600)])
            // The v3 index now refuses a second open session for the profile.
            #expect(throws: StoreError.self) {
                try store.startSession(SessionStart(profile: "focus", tag: tag, at: t0.addingTimeInterval(900)))
            }
        }
        // And the migrated file works like a new one.
        try store.recordTagSeen(tag, at: t0.addingTimeInterval(1_000))
        #expect(try store.tag(tag)?.lastSeen == t0.addingTimeInterval(1_000))
    }

    @Test("Reopening a current file changes nothing")
    func reopen() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("again.sqlite")
        do {
            let store = try TapCardStore(path: path)
            try store.recordTagSeen(tag, at: t0)
        }
        let store = try TapCardStore(path: path)
        #expect(try store.database.userVersion == Schema.latestVersion)
        #expect(try store.inventory().count == 1)
    }

    @Test("A file from a newer TapCard is refused, not downgraded")
    func futureVersion() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("future.sqlite")
        do {
            let database = try SQLiteDatabase(path: path)
            try database.execute("PRAGMA user_version = 99", during: "test")
        }
        #expect(throws: StoreError.schemaTooNew(found: 99, supported: Schema.latestVersion, path: path)) {
            try TapCardStore(path: path)
        }
    }

    @Test("A file that is not a database fails with SQLite's code, as a platform error")
    func notADatabase() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("junk.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 4096)))
        do {
            _ = try TapCardStore(path: path)
            Issue.record("a junk file opened as a database")
        } catch {
            #expect(error.sqliteCode == 26)  // SQLITE_NOTADB
            #expect(error.origin == .platform)
            #expect(error.sentence.contains("code 26"))
            #expect(error.sentence.contains(path))  // the user must learn which --db file is wrong
            #expect(error == .cannotOpen(path: path, code: 26, message: "file is not a database"))
        }
    }
}
