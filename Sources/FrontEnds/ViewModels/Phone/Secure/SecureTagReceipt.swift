import TagWorkflows

/// What "Make this a secure tag" did: the key change (none when the tag's keys were kept), the SDM
/// setup and the check of the URL read back. Never holds a key.
public struct SecureTagReceipt: Sendable, Equatable {
    public var uid: [UInt8]
    /// The key numbers the template uses (meta key, file key), changed or kept.
    public var keyNumbers: [Int]
    /// True when keys stored by an earlier run were used rather than new ones.
    public var reusedStoredKeys: Bool
    /// The key change; `nil` when the tag's keys were kept.
    public var keyChange: NTAG424KeyChangeReport?
    public var setup: NTAG424SDMSetupReport
    public var check: SecureTagCheck
}
