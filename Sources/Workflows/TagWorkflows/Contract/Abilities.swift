import Type2

// What a tag type can do beyond the five verbs of `TagDriver`, as types: a front end asks
// `driver as? any FormattableTag` and refuses the verb in one sentence when the answer is no
// (`VerbRefusal`).

/// A tag TapCard can NDEF-format. Formatting a tag that holds a message is refused on every type
/// (it would only lose the message; `erase` empties it).
public protocol FormattableTag: TagDriver {
    func formatTag(_ options: FormatOptions) async throws -> TagManagementOutcome
}

/// A tag TapCard can make permanently read-only; without ``LockConfirmation/permanent`` nothing
/// is sent.
public protocol LockableTag: TagDriver {
    /// `key`: the key that guards the tag's settings, where it has one (NTAG 424 DNA key 0;
    /// `nil`: the factory key). Ignored by tags without keys.
    func lockTag(confirmation: LockConfirmation?, key: [UInt8]?) async throws -> TagManagementOutcome
}

/// A tag whose pages TapCard can guard and free: with a password it sets (NTAG21x, Ultralight
/// EV1) or with the key it holds (MIFARE Ultralight C). A request of the other kind is refused
/// before anything is written.
public protocol ProtectableTag: TagDriver {
    func protectTag(_ request: TagProtectionRequest) async throws -> TagProtectionReport
    func unprotectTag() async throws -> TagProtectionReport
}

/// A tag with application keys TapCard can change (NTAG 424 DNA).
public protocol KeyManagedTag: TagDriver {
    func changeTagKeys(to keys: [Int: [UInt8]], confirmation: NTAG424KeyChangeConfirmation?) async throws
        -> NTAG424KeyChangeReport
}
