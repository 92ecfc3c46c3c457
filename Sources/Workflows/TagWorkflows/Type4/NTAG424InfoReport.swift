import Type4

/// What `Type4Tag.ntag424Info(key:)` read: the settings of files 1–3 and, with key 0, the key versions.
public struct NTAG424InfoReport: Sendable, Equatable {
    public var uid: [UInt8]?
    /// GetFileSettings of files 1 (CC), 2 (NDEF), 3 (proprietary).
    public var fileSettings: [UInt8: NTAG424FileSettings]
    /// GetKeyVersion of keys 0–4, read in a key 0 session; `nil` without a key.
    public var keyVersions: [Int: UInt8]?
}
