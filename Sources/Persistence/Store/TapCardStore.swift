import Foundation
import TapCardSupport

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// TapCard's local store: the tag inventory, the write log, focus profiles, pairings, sessions
/// and emergency exits, in one SQLite file.
///
/// Every change that touches more than one row runs in one transaction, so a process killed at
/// any instant leaves either the whole change or none of it. Values reach SQL only through bound
/// parameters. One instance is one connection: use it from one thread at a time; open another
/// instance on the same path for another thread or process.
public final class TapCardStore {
    public let database: SQLiteDatabase

    /// Opens (creating if needed) and migrates the store at `path`. Creates the parent directory.
    public init(path: String) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                let sqlite = "could not create the directory '\(directory)'"
                if let reason = Self.writeProblem(at: path) {
                    throw .notWritable(path: path, reason: reason, sqlite: sqlite)
                }
                throw .cannotOpen(path: path, code: 14, message: sqlite)
            }
        }
        do throws(StoreError) {
            database = try SQLiteDatabase(path: path)
            try Schema.migrate(database)
        } catch let failure where Self.mayBeUnwritable.contains(failure.sqliteCode) {
            // SQLite's "unable to open database file" does not say why; the filesystem does.
            guard let reason = Self.writeProblem(at: path) else { throw failure }
            throw .notWritable(path: path, reason: reason, sqlite: failure.sentence)
        }
    }

    /// SQLite's result codes that may mean the filesystem would not let the file be written.
    static let mayBeUnwritable: [Int32?] = [SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_PERM]

    /// Why the file at `path` (or, when it does not exist, its nearest existing directory) may
    /// not be written, in the system's words (`access(2)`'s errno: a read-only filesystem,
    /// permission denied); `nil` when the system lets it be written.
    static func writeProblem(at path: String) -> String? {
        var candidate = path
        while !candidate.isEmpty, !FileManager.default.fileExists(atPath: candidate) {
            let parent = (candidate as NSString).deletingLastPathComponent
            candidate = parent == candidate ? "" : parent
        }
        if candidate.isEmpty { candidate = "." }
        guard access(candidate, W_OK) != 0 else {
            // The file is writable; its directory must be too, for SQLite's journal files.
            let directory = (candidate as NSString).deletingLastPathComponent
            guard candidate == path, access(directory.isEmpty ? "." : directory, W_OK) != 0 else { return nil }
            return SystemErrorText.reason(errno) + " (its directory '\(directory.isEmpty ? "." : directory)')"
        }
        return SystemErrorText.reason(errno)
    }

    /// Opens the store at `path` for reading only, for the commands that only read (`tags`): no
    /// directory or file is created, no schema migrated, nothing written, so they work on a
    /// read-only data directory or filesystem. `nil` when no store exists at `path` (nothing was
    /// recorded yet). A store of an older schema is refused (``StoreError/schemaOutdated(found:needed:path:)``):
    /// bringing it up to date is a write.
    public static func forReading(path: String) throws(StoreError) -> TapCardStore? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let database = try SQLiteDatabase.openForReading(path)
        let version = try database.userVersion
        guard version <= Schema.latestVersion else {
            throw .schemaTooNew(found: version, supported: Schema.latestVersion, path: path)
        }
        guard version == Schema.latestVersion else {
            throw .schemaOutdated(found: version, needed: Schema.latestVersion, path: path)
        }
        return TapCardStore(database: database)
    }

    private init(database: SQLiteDatabase) {
        self.database = database
    }

    public var path: String { database.path }

    /// The lines of `PRAGMA integrity_check` (`["ok"]` for a sound file).
    public func integrityCheck() throws(StoreError) -> [String] {
        try database.integrityCheck()
    }

    // MARK: Shared row helpers

    /// Inserts the tag or refreshes it (last seen, and capacity/signature when given), returning
    /// its row id. Call inside a transaction when it is part of a larger change.
    @discardableResult
    func upsertTag(
        _ key: TagKey, capacity: CapacityRecord?, signature: SignatureRecord?, at: Date, during: String
    ) throws(StoreError) -> Int64 {
        let rows = try database.query(
            """
            INSERT INTO tags (uid, chip, capacity_bytes, capacity_source, first_seen, last_seen, signature)
            VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6)
            ON CONFLICT (uid, chip) DO UPDATE SET
                capacity_bytes = CASE
                    WHEN excluded.capacity_bytes IS NOT NULL
                        AND (excluded.capacity_source = 'reported' OR tags.capacity_source IS NOT 'reported')
                    THEN excluded.capacity_bytes ELSE tags.capacity_bytes END,
                capacity_source = CASE
                    WHEN excluded.capacity_bytes IS NOT NULL
                        AND (excluded.capacity_source = 'reported' OR tags.capacity_source IS NOT 'reported')
                    THEN excluded.capacity_source ELSE tags.capacity_source END,
                last_seen = MAX(tags.last_seen, excluded.last_seen),
                signature = COALESCE(excluded.signature, tags.signature)
            RETURNING id
            """,
            [
                .blob(key.uid), .text(key.chip), capacity.map { .integer(Int64($0.bytes)) } ?? .null,
                capacity.map { .text($0.source.rawValue) } ?? .null, StoreTime.value(at),
                signature.map { .text($0.rawValue) } ?? .null,
            ], during: during)
        guard let id = rows.first.flatMap({ Row($0).int64(0) }) else { throw .missing(what: "row for tag \(key)") }
        return id
    }

    func tagID(_ key: TagKey, during: String) throws(StoreError) -> Int64? {
        try database.scalar(
            "SELECT id FROM tags WHERE uid = ?1 AND chip = ?2", [.blob(key.uid), .text(key.chip)], during: during)?
            .integer
    }

    /// Decodes the ten tag columns (uid, chip, capacity_bytes, capacity_source, label, location,
    /// first_seen, last_seen, signature, locked_at) starting at `offset`.
    static func tag(from row: Row, at offset: Int = 0) -> TagRecord {
        let capacity: CapacityRecord? =
            if let bytes = row.int(offset + 2), let source = row.text(offset + 3).flatMap(CapacityRecord.Source.init) {
                CapacityRecord(bytes: bytes, source: source)
            } else {
                nil
            }
        return TagRecord(
            key: TagKey(uid: row.blob(offset), chip: row.text(offset + 1) ?? ""), capacity: capacity,
            label: row.text(offset + 4), location: row.text(offset + 5),
            firstSeen: row.date(offset + 6) ?? Date(timeIntervalSince1970: 0),
            lastSeen: row.date(offset + 7) ?? Date(timeIntervalSince1970: 0),
            signature: row.text(offset + 8).flatMap(SignatureRecord.init), lockedAt: row.date(offset + 9))
    }
}
