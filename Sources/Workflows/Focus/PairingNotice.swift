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

    /// Shown when an NTAG 424 DNA is paired with SUN keys.
    public static let secureText = """
        How safe is this? This NTAG 424 DNA proves itself on every tap: it puts a fresh read \
        counter and an AES-CMAC made with a secret key into its URL (SUN). A tap counts only when \
        the MAC verifies with the keys stored at pairing and the counter is above the last one \
        accepted, so a copied or edited URL, a recorded URL played back, and a tag with the same \
        UID are each refused. The keys are stored in your TapCard database (mode 0600): guard that \
        file like an SSH key. Key 0 of the tag was left as it was; changing it ('tapcard ntag424 \
        keys') stops anyone from re-provisioning the tag.
        """

    /// The notice plus the signature result for a particular tag.
    public static func text(for tag: PairedTag) -> String {
        text + " " + tag.signature.sentence
    }
}
