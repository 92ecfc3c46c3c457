import Type2

/// What a protect, unprotect or key change on a MIFARE Ultralight C did: AUTH0/AUTH1 before and
/// as read back after, and the page writes sent (key pages included; their bytes are the key's
/// stored form, so a printer must not show them).
public struct UltralightCProtectionReport: Sendable, Equatable {
    public var before: UltralightCAccess
    /// Read back from the tag after the writes: it equals the plan's final configuration.
    public var after: UltralightCAccess
    public var writes: [PageWrite]

    /// True when the writes included the key pages: the new key counts from the next RF reset.
    public var changedKey: Bool { writes.contains { UltralightCAccess.keyPages.contains($0.page) } }
}
