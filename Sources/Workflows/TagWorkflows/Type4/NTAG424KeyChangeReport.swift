/// What `Type4Tag.changeKeys(to:replacing:version:confirmation:)` did. It never holds a key.
public struct NTAG424KeyChangeReport: Sendable, Equatable {
    public var uid: [UInt8]?
    /// The keys changed now, in the order sent (key 0 last).
    public var changed: [Int]
    /// The keys found already new, proven (key 0 authenticated with its new value; keys 1–4: the
    /// old key did not fit and a ChangeKey under the new value was accepted): a rerun.
    public var alreadyNew: [Int]
    /// The key version of every key asked for, read back.
    public var keyVersions: [Int: UInt8]
}
