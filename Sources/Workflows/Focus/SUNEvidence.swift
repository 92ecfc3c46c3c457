/// What a tap's SUN message (the URL an NTAG 424 DNA mirrors a fresh MAC and read counter into)
/// showed when checked with the keys of the paired tag with the tapped UID. The check itself
/// (AES, CMAC) happens outside this pure module; only its result decides here.
public enum SUNEvidence: Sendable, Equatable {
    /// No SUN message to check: the tag's NDEF holds no URL with SUN fields, or the tapped UID
    /// belongs to no SUN-paired tag. A tag with a SUN-paired UID and no SUN message is a UID clone.
    case absent
    /// The MAC verified with the pairing's keys: the message carries this UID and read counter.
    case verified(uid: [UInt8], counter: Int)
    /// A SUN message was there, but its MAC (or PICCData) does not verify with the pairing's
    /// keys: a copied URL that was edited, or the URL of another tag.
    case invalid
}
