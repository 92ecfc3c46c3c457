/// What `Type4Tag.changeKeys(to:replacing:version:confirmation:)` did. It never holds a key.
public struct NTAG424KeyChangeReport: Sendable, Equatable {
    public var uid: [UInt8]?
    /// The keys changed now, in the order sent (key 0 last).
    public var changed: [Int]
    /// The keys found already new (the old key did not fit and the version is the new one): a rerun.
    public var alreadyNew: [Int]
    /// The key version of every key asked for, read back.
    public var keyVersions: [Int: UInt8]
}
