extension TapCardStore {
    /// Cross-row rules a half-recorded change would break, each as a sentence; empty when the
    /// file is consistent. (SQLite's constraints already refuse most of these; this reads the
    /// file as it is, so a test can prove nothing slipped through.)
    public func consistencyProblems() throws(StoreError) -> [String] {
        try database.readTransaction(during: "checking consistency") { () throws(StoreError) in
            var problems: [String] = []
            let checks: [(StaticString, String)] = [
                (
                    "SELECT COUNT(*) FROM sessions WHERE (ended_at IS NULL) != (ended_how IS NULL)",
                    "sessions with an end time but no reason, or the reverse"
                ),
                (
                    "SELECT COUNT(*) FROM (SELECT profile_id FROM sessions WHERE ended_at IS NULL GROUP BY profile_id HAVING COUNT(*) > 1)",
                    "profiles with more than one open session"
                ),
                (
                    "SELECT COUNT(*) FROM sessions s JOIN tags t ON t.id = s.started_by WHERE t.last_seen < s.started_at",
                    "session starts whose tag sighting was not recorded"
                ),
                (
                    "SELECT COUNT(*) FROM sessions s WHERE s.ended_how = 'emergency' AND NOT EXISTS (SELECT 1 FROM emergency_uses e WHERE e.session_id = s.id)",
                    "emergency endings without an emergency-exit record"
                ),
                (
                    "SELECT COUNT(*) FROM emergency_uses e JOIN sessions s ON s.id = e.session_id WHERE s.ended_how IS NOT 'emergency'",
                    "emergency-exit records whose session did not end by emergency"
                ),
                (
                    "SELECT COUNT(*) FROM sessions s WHERE s.ended_at IS NOT NULL AND s.ended_at < s.started_at",
                    "sessions that end before they start"
                ),
            ]
            for (sql, what) in checks {
                let count = try database.scalar(sql, during: "checking consistency")?.integer ?? 0
                if count > 0 { problems.append("\(count) \(what)") }
            }
            let foreignKeys = try database.query("PRAGMA foreign_key_check", during: "checking foreign keys")
            if !foreignKeys.isEmpty { problems.append("\(foreignKeys.count) rows pointing at missing rows") }
            return problems
        }
    }
}
