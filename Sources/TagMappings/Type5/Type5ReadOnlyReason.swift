/// Why a Type 5 tag's NDEF area is read-only (shared/reference/type4-type5-ntag424.md §3.3: "CC1
/// write bits ≠ 00, or any block of the NDEF TLV locked", AOSP `rw_i93.cc`).
public enum Type5ReadOnlyReason: Sendable, Hashable {
    /// The CC's write access is not free.
    case writeAccess(Type5WriteAccess)
    /// Block `block`, inside the NDEF TLV's span, is locked.
    case lockedBlock(Int)
}
