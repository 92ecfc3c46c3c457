import Foundation

/// Where `sun verify --track` keeps the last SUN read counter accepted per tag UID: the local
/// SQLite store (``TapCardStore``) or a PostgreSQL database several verifiers share
/// (`PostgresCounterStore`).
///
/// The one promise every conformer keeps: however many verifiers (objects, threads, processes,
/// machines) offer the same `(uid, counter)` at once, at most one is told `.accepted`, and none is
/// told so for a counter not above the one already recorded. The decision is one guarded UPSERT in
/// the database, never a read in Swift followed by a write.
public protocol SUNCounterStore: AnyObject {
    /// The last SUN read counter accepted for `uid`, or `nil` when the UID was never accepted.
    func lastSUNCounter(uid: [UInt8]) throws(StoreError) -> Int?

    /// Records `counter` as the last one for `uid` if, and only if, it is above the one recorded.
    func acceptSUNCounter(_ counter: Int, uid: [UInt8], at: Date) throws(StoreError) -> SUNCounterAcceptance
}
