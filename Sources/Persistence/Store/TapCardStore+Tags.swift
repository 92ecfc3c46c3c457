import Foundation

extension TapCardStore {
    /// Records that a tag was seen (read, inspected, tapped), with what it reported.
    public func recordTagSeen(
        _ key: TagKey, capacity: CapacityRecord? = nil, signature: SignatureRecord? = nil, at: Date
    ) throws(StoreError) {
        try upsertTag(key, capacity: capacity, signature: signature, at: at, during: "recording a tag sighting")
    }

    /// Sets the label and location people use to find a tag (`nil` keeps the current value).
    public func nameTag(_ key: TagKey, label: String?, location: String?, at: Date) throws(StoreError) {
        try database.transaction(during: "naming a tag") { () throws(StoreError) in
            try upsertTag(key, capacity: nil, signature: nil, at: at, during: "naming a tag")
            try database.query(
                """
                UPDATE tags SET label = COALESCE(?3, label), location = COALESCE(?4, location)
                WHERE uid = ?1 AND chip = ?2
                """,
                [
                    .blob(key.uid), .text(key.chip), label.map { .text($0) } ?? .null,
                    location.map { .text($0) } ?? .null,
                ],
                during: "naming a tag")
        }
    }

    /// The inventory row of one tag.
    public func tag(_ key: TagKey) throws(StoreError) -> TagRecord? {
        let rows = try database.query(
            "SELECT t.uid, t.chip, t.capacity_bytes, t.capacity_source, t.label, t.location, t.first_seen, t.last_seen, t.signature, t.locked_at FROM tags t WHERE t.uid = ?1 AND t.chip = ?2",
            [.blob(key.uid), .text(key.chip)], during: "reading a tag")
        return rows.first.map { Self.tag(from: Row($0)) }
    }

    /// Every tag seen, most recently seen first, with its write count and last write.
    public func inventory() throws(StoreError) -> [InventoryEntry] {
        try database.readTransaction(during: "reading the tag inventory") { () throws(StoreError) in
            let rows = try database.query(
                """
                SELECT t.uid, t.chip, t.capacity_bytes, t.capacity_source, t.label, t.location, t.first_seen,
                       t.last_seen, t.signature, t.locked_at,
                       (SELECT COUNT(*) FROM writes w WHERE w.tag_id = t.id)
                FROM tags t ORDER BY t.last_seen DESC, t.id DESC
                """, during: "reading the tag inventory")
            var entries: [InventoryEntry] = []
            for values in rows {
                let row = Row(values)
                let tag = Self.tag(from: row)
                entries.append(
                    InventoryEntry(
                        tag: tag, writeCount: row.int(10) ?? 0, lastWrite: try writes(for: tag.key, limit: 1).first))
            }
            return entries
        }
    }
}
