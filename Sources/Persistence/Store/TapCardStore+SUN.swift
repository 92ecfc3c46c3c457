import Foundation
import TapCardSupport

extension TapCardStore: SUNCounterStore {
    // MARK: SUN read counters (table sun_counters, migration 5)

    /// The last SUN read counter accepted for `uid`, or `nil` when the UID was never accepted.
    public func lastSUNCounter(uid: [UInt8]) throws(StoreError) -> Int? {
        try database.scalar(
            "SELECT last_counter FROM sun_counters WHERE uid = ?1", [.text(Hex.encode(uid))],
            during: "reading the last SUN counter")?
            .integer.map { Int($0) }
    }

    /// Records `counter` as the last one for `uid` if, and only if, it is above the one recorded:
    /// one UPSERT whose update is guarded by `WHERE excluded.last_counter > last_counter`, inside one
    /// write transaction, so two verifiers offering the same counter at once (two processes on one
    /// file) cannot both be told `.accepted`.
    public func acceptSUNCounter(_ counter: Int, uid: [UInt8], at: Date) throws(StoreError) -> SUNCounterAcceptance {
        let during = "recording a SUN counter"
        let key = SQLiteValue.text(Hex.encode(uid))
        return try database.transaction(during: during) { () throws(StoreError) -> SUNCounterAcceptance in
            let previous = try database.scalar(
                "SELECT last_counter FROM sun_counters WHERE uid = ?1", [key], during: during)?
                .integer.map { Int($0) }
            let stored = try database.query(
                """
                INSERT INTO sun_counters (uid, last_counter, updated_at) VALUES (?1, ?2, ?3)
                ON CONFLICT (uid) DO UPDATE SET last_counter = excluded.last_counter, updated_at = excluded.updated_at
                WHERE excluded.last_counter > sun_counters.last_counter
                RETURNING last_counter
                """, [key, .integer(Int64(counter)), StoreTime.value(at)], during: during)
            if stored.isEmpty { return .refused(lastAccepted: previous ?? counter) }
            return .accepted(previous: previous)
        }
    }
}
