/// What a completed `protect` or `unprotect` did, in the shape of the tag's protection: a page
/// password's CFG0/CFG1, PWD and PACK (``ProtectionReport``), or pages guarded by a 16-byte key
/// (``KeyProtectionReport``: Ultralight C, Ultralight AES), which has no password, no PACK and no
/// AUTHLIM to report.
public enum TagProtectionReport: Sendable, Equatable {
    case password(ProtectionReport)
    case key(KeyProtectionReport)
}
