import Foundation

/// The small API tag commands call to record what they did: a read or inspect refreshes the
/// inventory, a write/erase/format appends to the write log, a lock marks the tag locked.
/// Each call is one transaction.
public struct StoreRecorder {
    public let store: TapCardStore

    public init(store: TapCardStore) {
        self.store = store
    }

    /// Opens (creating and migrating) the store at `path`.
    public init(path: String) throws(StoreError) {
        store = try TapCardStore(path: path)
    }

    /// A tag was read or inspected. `capacityBytes` is the NDEF capacity the tag reported (or the
    /// model's assumed one, with `capacityReported: false`).
    public func recordRead(
        uid: [UInt8], chip: String, capacityBytes: Int? = nil, capacityReported: Bool = true,
        signature: SignatureRecord? = nil, at: Date = Date()
    ) throws(StoreError) {
        try store.recordTagSeen(
            TagKey(uid: uid, chip: chip), capacity: Self.capacity(capacityBytes, capacityReported),
            signature: signature,
            at: at)
    }

    /// A message was written (or the tag erased / formatted: pass `operation`).
    /// `modeledAirTime` is the datasheet timing model's figure, not a measurement.
    @discardableResult
    public func recordWrite(
        uid: [UInt8], chip: String, message: [UInt8], capacityBytes: Int?, capacityReported: Bool,
        verified: Bool, pagesWritten: Int, modeledAirTime: TimeInterval?, operation: WriteOperation = .write,
        at: Date = Date()
    ) throws(StoreError) -> Int64 {
        try store.recordWrite(
            WriteRecord(
                tag: TagKey(uid: uid, chip: chip), operation: operation, message: message,
                capacity: Self.capacity(capacityBytes, capacityReported), verified: verified,
                pagesWritten: pagesWritten, modeledAirTime: modeledAirTime, at: at))
    }

    /// The tag was locked read-only (`verified`: the lock bits were read back set).
    @discardableResult
    public func recordLock(
        uid: [UInt8], chip: String, verified: Bool, pagesWritten: Int, modeledAirTime: TimeInterval? = nil,
        at: Date = Date()
    ) throws(StoreError) -> Int64 {
        try store.recordWrite(
            WriteRecord(
                tag: TagKey(uid: uid, chip: chip), operation: .lock, message: [], capacity: nil, verified: verified,
                pagesWritten: pagesWritten, modeledAirTime: modeledAirTime, at: at))
    }

    static func capacity(_ bytes: Int?, _ reported: Bool) -> CapacityRecord? {
        bytes.map { CapacityRecord(bytes: $0, source: reported ? .reported : .assumed) }
    }
}
