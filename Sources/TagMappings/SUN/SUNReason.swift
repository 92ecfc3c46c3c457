/// Why a SUN message was not accepted, as one stable word for scripts and backends (JSON v1 writes
/// enum values in kebab-case: docs/reference/json.md). The first four are refusals of a message that reached
/// the verifier (exit 1); the last two are the caller's input (exit 65).
public enum SUNReason: String, Sendable, Hashable, CaseIterable {
    /// The MAC does not verify: the file key is wrong, or the URL was altered.
    case macMismatch = "mac-mismatch"
    /// PICCData decrypts to a PICCDataTag that is not one with the UID and counter mirrored and a
    /// 7-byte UID: most likely the meta key is wrong.
    case wrongKey = "wrong-key"
    /// The PICCData field is not 32 hex digits (AES mode) or 48 (LRP mode).
    case malformedPICCData = "malformed-picc-data"
    /// The MAC verifies, but the counter is not higher than the last one accepted for this UID: a
    /// replayed (or copied) URL. Only when the caller tracks counters.
    case counterNotIncreasing = "counter-not-increasing"
    /// The URL has no SUN fields, or a field other than PICCData is not hex of the right length.
    case malformedURL = "malformed-url"
    /// A key is not 16 bytes.
    case keyLength = "key-length"
    /// The message verified, but the counter store (SQLite or PostgreSQL) failed, so nothing was
    /// recorded and the tap cannot count as accepted (exit 69).
    case counterStoreFailed = "counter-store-failed"
}
