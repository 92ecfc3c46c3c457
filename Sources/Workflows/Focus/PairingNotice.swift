/// What the pairing screen must say about security, in plain words.
public enum PairingNotice {
    /// Shown wherever a tag is paired. A UID is not a secret: the pairing makes the tag's place
    /// the friction, not a lock.
    public static let text = """
        How safe is this? The pairing uses the tag's UID (its serial number) and chip type. \
        Anyone with a cheap NFC reader can read that UID, and "magic" clone tags can be written \
        with it, so a determined person can copy your focus tag. The point is the walk to the \
        tag's place, not a lock. Where the chip supports it, the originality signature is checked \
        at pairing and recorded, and a tap whose signature is worse than at pairing is refused as a \
        likely clone; but a clone that replays the signature along with the UID still passes. For a \
        focus tag that cannot be cloned, use an NTAG 424 DNA: it proves itself with a secret key \
        on every tap (SUN), which a copy cannot answer.
        """

    /// The notice plus the signature result for a particular tag.
    public static func text(for tag: PairedTag) -> String {
        text + " " + tag.signature.sentence
    }
}
