import Foundation

extension TapCardStore {
    /// Appends a write-log entry and refreshes the tag's inventory row, in one transaction.
    /// Returns the entry's row id.
    @discardableResult
    public func recordWrite(_ write: WriteRecord) throws(StoreError) -> Int64 {
        try database.transaction(during: "recording a write") { () throws(StoreError) in
            let tagID = try upsertTag(
                write.tag, capacity: write.capacity, signature: nil, at: write.at, during: "recording a write")
            try database.query(
                """
                INSERT INTO writes (tag_id, operation, message, capacity_bytes, capacity_source, verified,
                                    pages_written, air_time_us, written_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """,
                [
                    .integer(tagID), .text(write.operation.rawValue), .blob(write.message),
                    write.capacity.map { .integer(Int64($0.bytes)) } ?? .null,
                    write.capacity.map { .text($0.source.rawValue) } ?? .null, .integer(write.verified ? 1 : 0),
                    .integer(Int64(write.pagesWritten)),
                    write.modeledAirTime.map { .integer(Int64(($0 * 1_000_000).rounded())) } ?? .null,
                    StoreTime.value(write.at),
                ], during: "recording a write")
            let id = database.lastInsertRowID
            if write.operation == .lock {
                try database.query(
                    "UPDATE tags SET locked_at = COALESCE(locked_at, ?2) WHERE id = ?1",
                    [.integer(tagID), StoreTime.value(write.at)], during: "recording a lock")
            }
            return id
        }
    }

    /// The write log of one tag, newest first.
    public func writes(for key: TagKey, limit: Int = Int.max) throws(StoreError) -> [WriteRecord] {
        let rows = try database.query(
            """
            SELECT w.id, w.operation, w.message, w.capacity_bytes, w.capacity_source, w.verified, w.pages_written,
                   w.air_time_us, w.written_at
            FROM writes w JOIN tags t ON t.id = w.tag_id
            WHERE t.uid = ?1 AND t.chip = ?2
            ORDER BY w.written_at DESC, w.id DESC LIMIT ?3
            """, [.blob(key.uid), .text(key.chip), .integer(Int64(min(limit, Int(Int32.max))))],
            during: "reading the write log")
        return rows.map { values in
            let row = Row(values)
            let capacity: CapacityRecord? =
                if let bytes = row.int(3), let source = row.text(4).flatMap(CapacityRecord.Source.init) {
                    CapacityRecord(bytes: bytes, source: source)
                } else {
                    nil
                }
            return WriteRecord(
                id: row.int64(0), tag: key, operation: row.text(1).flatMap(WriteOperation.init) ?? .write,
                message: row.blob(2), capacity: capacity, verified: row.int(5) == 1, pagesWritten: row.int(6) ?? 0,
                modeledAirTime: row.int64(7).map { Double($0) / 1_000_000 },
                at: row.date(8) ?? Date(timeIntervalSince1970: 0))
        }
    }
}
