import Originality

extension SignatureCheck {
    /// The verdict as the first words of a tag's "Signature" line: "Valid (NXP's NTAG21x key).",
    /// "Invalid.", "Not checked."; the check's own statement follows it.
    var verdictPhrase: String {
        switch verdict {
        case .valid(let keyName): "Valid (NXP's \(keyName) key)."
        case .invalid: "Invalid."
        case .unavailable: "Not checked."
        }
    }
}
