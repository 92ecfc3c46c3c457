/// The originality signature as TapCard saw it.
///
/// Verification (ECDSA over secp128r1 with NXP's key) is the `Originality` module's job; until it
/// is wired in here the result says so instead of guessing. Even a valid signature only proves
/// that NXP silicon once had this UID, not that this is that chip.
public enum SignatureCheck: Sendable, Equatable {
    /// The chip does not answer READ_SIG (MIFARE Ultralight, NTAG203, non-NXP).
    case notSupported
    /// READ_SIG answered these 32 bytes; they were not verified (`reason` says why).
    case unverified(signature: [UInt8], reason: String)
}
