import Foundation

extension TapCardStore {
    // MARK: SUN keys of focus tags (table focus_sun_keys, migration 6)

    /// Stores the SUN keys of `key`'s tag, unconfirmed (a pairing in progress) unless `confirmed`,
    /// replacing any kept before, and makes the store file readable by its owner only (0600):
    /// from now on it holds secrets, like an SSH key.
    public func saveFocusSUNKeys(_ keys: SUNKeyPair, for key: TagKey, confirmed: Bool, at: Date) throws(StoreError) {
        guard keys.metaKey.count == 16, keys.fileKey.count == 16 else {
            throw .missing(what: "16-byte SUN keys")
        }
        try database.transaction(during: "saving SUN keys") { () throws(StoreError) in
            let tagID = try upsertTag(key, capacity: nil, signature: nil, at: at, during: "saving SUN keys")
            try database.query(
                """
                INSERT INTO focus_sun_keys (tag_id, meta_key, file_key, confirmed, saved_at) VALUES (?1, ?2, ?3, ?4, ?5)
                ON CONFLICT (tag_id) DO UPDATE SET meta_key = excluded.meta_key, file_key = excluded.file_key,
                    confirmed = excluded.confirmed, saved_at = excluded.saved_at
                """,
                [
                    .integer(tagID), .blob(keys.metaKey), .blob(keys.fileKey), .integer(confirmed ? 1 : 0),
                    StoreTime.value(at),
                ], during: "saving SUN keys")
        }
        restrictToOwner()
    }

    /// Marks the stored keys of `key`'s tag as confirmed (a SUN message verified with them).
    public func confirmFocusSUNKeys(for key: TagKey) throws(StoreError) {
        try database.query(
            """
            UPDATE focus_sun_keys SET confirmed = 1
            WHERE tag_id = (SELECT id FROM tags WHERE uid = ?1 AND chip = ?2)
            """, [.blob(key.uid), .text(key.chip)], during: "confirming SUN keys")
    }

    /// The SUN keys stored for `key`'s tag and whether a verified message confirmed them.
    public func focusSUNKeys(for key: TagKey) throws(StoreError) -> (keys: SUNKeyPair, confirmed: Bool)? {
        let rows = try database.query(
            """
            SELECT k.meta_key, k.file_key, k.confirmed FROM focus_sun_keys k JOIN tags t ON t.id = k.tag_id
            WHERE t.uid = ?1 AND t.chip = ?2
            """, [.blob(key.uid), .text(key.chip)], during: "reading SUN keys")
        return rows.first.map { values in
            let row = Row(values)
            return (SUNKeyPair(metaKey: row.blob(0), fileKey: row.blob(1)), row.int(2) == 1)
        }
    }

    /// chmod 0600 on the store file and its WAL companions (best effort: a file system without
    /// permissions keeps working).
    func restrictToOwner() {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path + suffix)
        }
    }
}
