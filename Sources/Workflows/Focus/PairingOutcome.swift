/// What pairing a tag did.
public enum PairingOutcome: Sendable, Equatable {
    /// A new tag joined the profile.
    case paired(PairedTag)
    /// The tag was already paired; its label, location or signature result were updated.
    case updated(PairedTag)
}
