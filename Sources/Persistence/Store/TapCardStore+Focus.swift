import Foundation

extension TapCardStore {
    // MARK: Profiles

    /// The profile named `name`, or `nil`.
    public func profile(named name: String) throws(StoreError) -> FocusProfileRecord? {
        let rows = try database.query(
            """
            SELECT name, minimum_ms, planned_ms, emergency_allowance, emergency_period_ms
            FROM focus_profiles WHERE name = ?1
            """, [.text(name)], during: "reading a focus profile")
        return rows.first.map { values in
            let row = Row(values)
            return FocusProfileRecord(
                name: row.text(0) ?? name, minimumDuration: row.duration(1), plannedDuration: row.duration(2),
                emergencyAllowance: row.int(3) ?? 3, emergencyPeriod: row.duration(4) ?? 28 * 86_400)
        }
    }

    /// Creates or replaces the time rules of a profile.
    public func saveProfile(_ profile: FocusProfileRecord, at: Date) throws(StoreError) {
        try database.query(
            """
            INSERT INTO focus_profiles (name, minimum_ms, planned_ms, emergency_allowance, emergency_period_ms, created_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT (name) DO UPDATE SET minimum_ms = excluded.minimum_ms, planned_ms = excluded.planned_ms,
                emergency_allowance = excluded.emergency_allowance, emergency_period_ms = excluded.emergency_period_ms
            """,
            [
                .text(profile.name), StoreTime.value(duration: profile.minimumDuration),
                StoreTime.value(duration: profile.plannedDuration), .integer(Int64(profile.emergencyAllowance)),
                .integer(StoreTime.encode(duration: profile.emergencyPeriod)), StoreTime.value(at),
            ], during: "saving a focus profile")
    }

    /// The profile's row id, creating the profile with default rules if it does not exist.
    func ensureProfile(_ name: String, at: Date, during: String) throws(StoreError) -> Int64 {
        try database.query(
            "INSERT INTO focus_profiles (name, created_at) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING",
            [.text(name), StoreTime.value(at)], during: during)
        guard
            let id = try database.scalar(
                "SELECT id FROM focus_profiles WHERE name = ?1", [.text(name)], during: during)?
                .integer
        else { throw .missing(what: "focus profile '\(name)'") }
        return id
    }

    func profileID(_ name: String, during: String) throws(StoreError) -> Int64? {
        try database.scalar("SELECT id FROM focus_profiles WHERE name = ?1", [.text(name)], during: during)?.integer
    }

    // MARK: Pairing

    /// Pairs a tag with a profile (creating either if needed) and records its label, location
    /// and signature result, in one transaction. Pairing by UID only (`sunSecured` false) makes
    /// stored SUN keys of the tag unconfirmed: they are kept (the tag may hold them) but no
    /// longer required of a tap.
    public func pairTag(
        _ key: TagKey, profile: String, label: String?, location: String?, signature: SignatureRecord?, at: Date,
        sunSecured: Bool = false
    ) throws(StoreError) {
        try database.transaction(during: "pairing a tag") { () throws(StoreError) in
            let profileID = try ensureProfile(profile, at: at, during: "pairing a tag")
            let tagID = try upsertTag(key, capacity: nil, signature: signature, at: at, during: "pairing a tag")
            try database.query(
                "UPDATE tags SET label = COALESCE(?2, label), location = COALESCE(?3, location) WHERE id = ?1",
                [.integer(tagID), label.map { .text($0) } ?? .null, location.map { .text($0) } ?? .null],
                during: "pairing a tag")
            // Pairing again (no session runs: the focus layer refuses it otherwise) may record a
            // new verdict; nothing else writes this column.
            try database.query(
                """
                INSERT INTO paired_tags (profile_id, tag_id, paired_at, signature) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT DO UPDATE SET signature = COALESCE(excluded.signature, paired_tags.signature)
                """,
                [
                    .integer(profileID), .integer(tagID), StoreTime.value(at),
                    signature.map { .text($0.rawValue) } ?? .null,
                ], during: "pairing a tag")
            try database.query(
                "UPDATE focus_sun_keys SET confirmed = ?2 WHERE tag_id = ?1",
                [.integer(tagID), .integer(sunSecured ? 1 : 0)], during: "pairing a tag")
        }
    }

    /// Removes a pairing (the tag stays in the inventory).
    public func unpairTag(_ key: TagKey, profile: String) throws(StoreError) {
        try database.query(
            """
            DELETE FROM paired_tags
            WHERE profile_id = (SELECT id FROM focus_profiles WHERE name = ?1)
              AND tag_id = (SELECT id FROM tags WHERE uid = ?2 AND chip = ?3)
            """, [.text(profile), .blob(key.uid), .text(key.chip)], during: "unpairing a tag")
    }

    /// The profile's paired tags, in pairing order.
    public func pairedTags(profile: String) throws(StoreError) -> [PairedTagRecord] {
        let rows = try database.query(
            """
            SELECT t.uid, t.chip, t.capacity_bytes, t.capacity_source, t.label, t.location, t.first_seen,
                   t.last_seen, t.signature, t.locked_at, p.paired_at, p.signature,
                   EXISTS (SELECT 1 FROM focus_sun_keys k WHERE k.tag_id = t.id AND k.confirmed = 1)
            FROM paired_tags p JOIN tags t ON t.id = p.tag_id JOIN focus_profiles f ON f.id = p.profile_id
            WHERE f.name = ?1 ORDER BY p.paired_at, t.id
            """, [.text(profile)], during: "reading paired tags")
        return rows.map { values in
            let row = Row(values)
            return PairedTagRecord(
                tag: Self.tag(from: row), pairedAt: row.date(10) ?? Date(timeIntervalSince1970: 0),
                signature: row.text(11).flatMap(SignatureRecord.init), sunSecured: row.int(12) == 1)
        }
    }

    // MARK: Sessions

    /// Records a session start: the tag's sighting and the session row, in one transaction.
    /// Fails (SQLite constraint) if the profile already has an open session.
    @discardableResult
    public func startSession(_ start: SessionStart) throws(StoreError) -> Int64 {
        try database.transaction(during: "recording a session start") { () throws(StoreError) in
            let profileID = try ensureProfile(start.profile, at: start.at, during: "recording a session start")
            let tagID = try upsertTag(
                start.tag, capacity: nil, signature: nil, at: start.at, during: "recording a session start")
            try database.query(
                """
                INSERT INTO sessions (profile_id, started_by, started_at, minimum_end, planned_end,
                                      emergency_allowance, emergency_period_ms, boot_id, since_boot_ms)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """,
                [
                    .integer(profileID), .integer(tagID), StoreTime.value(start.at), StoreTime.value(start.minimumEnd),
                    StoreTime.value(start.plannedEnd), start.emergencyAllowance.map { .integer(Int64($0)) } ?? .null,
                    StoreTime.value(duration: start.emergencyPeriod), start.bootID.map { .text($0) } ?? .null,
                    StoreTime.value(duration: start.sinceBoot),
                ], during: "recording a session start")
            return database.lastInsertRowID
        }
    }

    /// Closes the profile's open session; an emergency ending also records the emergency use.
    /// One transaction. Returns the closed session's id.
    @discardableResult
    public func endSession(profile: String, _ end: SessionEnd) throws(StoreError) -> Int64 {
        try database.transaction(during: "recording a session end") { () throws(StoreError) in
            guard let profileID = try profileID(profile, during: "recording a session end"),
                let sessionID = try database.scalar(
                    "SELECT id FROM sessions WHERE profile_id = ?1 AND ended_at IS NULL", [.integer(profileID)],
                    during: "recording a session end")?.integer
            else { throw .missing(what: "open focus session for the profile '\(profile)'") }
            var endedBy: SQLiteValue = .null
            if end.reason == .tag {
                guard let key = end.by else { throw .missing(what: "tag that ended the session") }
                endedBy = .integer(
                    try upsertTag(key, capacity: nil, signature: nil, at: end.at, during: "recording a session end"))
            }
            try database.query(
                "UPDATE sessions SET ended_at = ?2, ended_how = ?3, ended_by = ?4 WHERE id = ?1",
                [.integer(sessionID), StoreTime.value(end.at), .text(end.reason.rawValue), endedBy],
                during: "recording a session end")
            if end.reason == .emergency {
                try database.query(
                    "INSERT INTO emergency_uses (profile_id, session_id, used_at) VALUES (?1, ?2, ?3)",
                    [.integer(profileID), .integer(sessionID), StoreTime.value(end.at)],
                    during: "recording an emergency exit")
            }
            return sessionID
        }
    }

    /// The profile's sessions, newest first (at most `limit`).
    public func sessions(profile: String, limit: Int = Int.max) throws(StoreError) -> [SessionRecord] {
        let rows = try database.query(
            """
            SELECT s.id, st.uid, st.chip, s.started_at, s.minimum_end, s.planned_end, s.ended_at, s.ended_how,
                   et.uid, et.chip, s.emergency_allowance, s.emergency_period_ms, s.boot_id, s.since_boot_ms
            FROM sessions s JOIN focus_profiles f ON f.id = s.profile_id
            JOIN tags st ON st.id = s.started_by LEFT JOIN tags et ON et.id = s.ended_by
            WHERE f.name = ?1 ORDER BY s.started_at DESC, s.id DESC LIMIT ?2
            """, [.text(profile), .integer(Int64(min(limit, Int(Int32.max))))], during: "reading sessions")
        return rows.map { values in
            let row = Row(values)
            let endedBy: TagKey? = row.text(9).map { TagKey(uid: row.blob(8), chip: $0) }
            return SessionRecord(
                id: row.int64(0) ?? 0, profile: profile, startedBy: TagKey(uid: row.blob(1), chip: row.text(2) ?? ""),
                startedAt: row.date(3) ?? Date(timeIntervalSince1970: 0), minimumEnd: row.date(4),
                plannedEnd: row.date(5), endedAt: row.date(6), endReason: row.text(7).flatMap(SessionEndReason.init),
                endedBy: endedBy, emergencyAllowance: row.int(10), emergencyPeriod: row.duration(11),
                bootID: row.text(12), sinceBoot: row.duration(13))
        }
    }

    /// The profile's latest session (open or not).
    public func latestSession(profile: String) throws(StoreError) -> SessionRecord? {
        try sessions(profile: profile, limit: 1).first
    }

    /// Every emergency exit of the profile, oldest first.
    public func emergencyUses(profile: String) throws(StoreError) -> [Date] {
        try database.query(
            """
            SELECT e.used_at FROM emergency_uses e JOIN focus_profiles f ON f.id = e.profile_id
            WHERE f.name = ?1 ORDER BY e.used_at
            """, [.text(profile)], during: "reading emergency exits"
        ).compactMap { Row($0).date(0) }
    }
}
