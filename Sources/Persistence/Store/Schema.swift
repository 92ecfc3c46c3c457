/// The store's schema as a list of migrations. Migration *n* takes a file from
/// `PRAGMA user_version` n−1 to n, inside one transaction together with the version bump, so a
/// crash mid-migration leaves the file at the earlier version, never in between. Never edit a
/// published migration; add a new one.
public enum Schema {
    /// The version a fully migrated file is at.
    public static var latestVersion: Int { migrations.count }

    /// Migration *i* (0-based) produces version *i*+1.
    static let migrations: [StaticString] = [
        // 1: the tag inventory and the write log. Times are milliseconds since 1970 (UTC).
        """
        CREATE TABLE tags (
            id INTEGER PRIMARY KEY,
            uid BLOB NOT NULL,
            chip TEXT NOT NULL,
            capacity_bytes INTEGER,
            capacity_source TEXT CHECK (capacity_source IN ('reported', 'assumed')),
            label TEXT,
            location TEXT,
            first_seen INTEGER NOT NULL,
            last_seen INTEGER NOT NULL,
            signature TEXT CHECK (signature IN ('valid', 'invalid', 'unsupported', 'not-checked')),
            UNIQUE (uid, chip)
        );
        CREATE TABLE writes (
            id INTEGER PRIMARY KEY,
            tag_id INTEGER NOT NULL REFERENCES tags(id),
            message BLOB NOT NULL,
            capacity_bytes INTEGER,
            capacity_source TEXT CHECK (capacity_source IN ('reported', 'assumed')),
            verified INTEGER NOT NULL CHECK (verified IN (0, 1)),
            pages_written INTEGER NOT NULL,
            air_time_us INTEGER,
            written_at INTEGER NOT NULL
        );
        """,
        // 2: focus profiles, their paired tags, sessions and emergency exits.
        """
        CREATE TABLE focus_profiles (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            minimum_ms INTEGER,
            planned_ms INTEGER,
            emergency_allowance INTEGER NOT NULL DEFAULT 3,
            emergency_period_ms INTEGER NOT NULL DEFAULT 2419200000,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE paired_tags (
            profile_id INTEGER NOT NULL REFERENCES focus_profiles(id) ON DELETE CASCADE,
            tag_id INTEGER NOT NULL REFERENCES tags(id),
            paired_at INTEGER NOT NULL,
            PRIMARY KEY (profile_id, tag_id)
        );
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            profile_id INTEGER NOT NULL REFERENCES focus_profiles(id),
            started_by INTEGER NOT NULL REFERENCES tags(id),
            started_at INTEGER NOT NULL,
            minimum_end INTEGER,
            planned_end INTEGER,
            ended_at INTEGER,
            ended_how TEXT CHECK (ended_how IN ('tag', 'timer', 'emergency')),
            ended_by INTEGER REFERENCES tags(id),
            CHECK ((ended_at IS NULL) = (ended_how IS NULL)),
            CHECK ((ended_how = 'tag') = (ended_by IS NOT NULL))
        );
        CREATE TABLE emergency_uses (
            id INTEGER PRIMARY KEY,
            profile_id INTEGER NOT NULL REFERENCES focus_profiles(id),
            session_id INTEGER NOT NULL UNIQUE REFERENCES sessions(id),
            used_at INTEGER NOT NULL
        );
        """,
        // 3: what each log entry did (a lock or an erase is not a write of a message), when a tag
        // was locked, at most one open session per profile, and indexes for the history screens.
        """
        ALTER TABLE writes ADD COLUMN operation TEXT NOT NULL DEFAULT 'write'
            CHECK (operation IN ('write', 'erase', 'format', 'lock'));
        ALTER TABLE tags ADD COLUMN locked_at INTEGER;
        CREATE UNIQUE INDEX sessions_one_open ON sessions(profile_id) WHERE ended_at IS NULL;
        CREATE INDEX sessions_by_profile ON sessions(profile_id, started_at);
        CREATE INDEX writes_by_tag ON writes(tag_id, written_at);
        CREATE INDEX emergency_uses_by_profile ON emergency_uses(profile_id, used_at);
        """,
        // 4: a session keeps its own emergency rules (NULL in older rows: the profile's apply) and
        // a monotonic reference (boot id, milliseconds since boot) to catch a changed wall clock;
        // a pairing keeps the signature verdict it was made with, apart from the inventory's
        // latest sighting, so a tap can never overwrite it (old rows: the inventory's verdict).
        """
        ALTER TABLE sessions ADD COLUMN emergency_allowance INTEGER;
        ALTER TABLE sessions ADD COLUMN emergency_period_ms INTEGER;
        ALTER TABLE sessions ADD COLUMN boot_id TEXT;
        ALTER TABLE sessions ADD COLUMN since_boot_ms INTEGER;
        ALTER TABLE paired_tags ADD COLUMN signature TEXT
            CHECK (signature IN ('valid', 'invalid', 'unsupported', 'not-checked'));
        UPDATE paired_tags SET signature = (SELECT t.signature FROM tags t WHERE t.id = paired_tags.tag_id);
        """,
        // 5: the last SUN read counter accepted per NTAG 424 DNA UID (lowercase hex), so that
        // `sun verify --track` refuses a replayed URL.
        """
        CREATE TABLE sun_counters (
            uid TEXT PRIMARY KEY,
            last_counter INTEGER NOT NULL CHECK (last_counter BETWEEN 0 AND 16777215),
            updated_at INTEGER NOT NULL
        );
        """,
        // 6: the SUN keys of an NTAG 424 DNA paired for focus (secrets, like an SSH key: the file
        // is made 0600 when one is stored), saved before the tag's keys are changed so that an
        // interrupted pairing can be completed.
        """
        CREATE TABLE focus_sun_keys (
            tag_id INTEGER PRIMARY KEY REFERENCES tags(id),
            meta_key BLOB NOT NULL CHECK (length(meta_key) = 16),
            file_key BLOB NOT NULL CHECK (length(file_key) = 16),
            confirmed INTEGER NOT NULL DEFAULT 0 CHECK (confirmed IN (0, 1)),
            saved_at INTEGER NOT NULL
        );
        """,
    ]

    /// Brings `database` to `target` (default: the latest version), one transaction per step.
    /// A file newer than this code knows is refused, never downgraded.
    public static func migrate(_ database: SQLiteDatabase, to target: Int = latestVersion) throws(StoreError) {
        let current = try database.userVersion
        guard current <= latestVersion else {
            throw .schemaTooNew(found: current, supported: latestVersion, path: database.path)
        }
        guard current < target else { return }
        for version in (current + 1)...min(target, latestVersion) {
            try database.transaction(during: "migrating the schema to version \(version)") { () throws(StoreError) in
                // Re-read inside the write lock: another process may have migrated meanwhile.
                guard try database.userVersion == version - 1 else { return }
                try database.execute(
                    text: migrations[version - 1].description, during: "migrating the schema to version \(version)")
                // `version` is our own constant, never user input.
                try database.execute(
                    text: "PRAGMA user_version = \(version)", during: "recording schema version \(version)")
            }
        }
    }
}
