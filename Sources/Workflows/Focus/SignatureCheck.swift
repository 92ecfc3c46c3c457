/// What the originality-signature check said when a tag was paired.
///
/// NXP chips carry an ECC signature over their UID, written at the factory. It shows the UID
/// came from NXP; it does not stop a clone, because the signature is a fixed value that some
/// clone tags can replay along with the copied UID.
public enum SignatureCheck: String, Sendable, Equatable, CaseIterable {
    /// The signature was read and verified against the manufacturer's public key.
    case valid
    /// The signature was read and did not verify.
    case invalid
    /// The chip has no originality signature (or does not answer READ_SIG).
    case unsupported
    /// Nobody checked.
    case notChecked = "not-checked"

    /// Words for the pairing screen.
    public var sentence: String {
        switch self {
        case .valid: "Its originality signature verified: the chip and its UID came from the manufacturer."
        case .invalid: "Its originality signature did NOT verify: this chip may be a clone."
        case .unsupported: "This chip has no originality signature to check."
        case .notChecked: "Its originality signature was not checked."
        }
    }

    /// True when a tap with this verdict must be refused for a tag that was paired with
    /// `pairing`: only a signature that verified sets a bar (a tag paired without one can show
    /// nothing better); against it, anything that does not verify is worse.
    public func isWorse(than pairing: SignatureCheck) -> Bool {
        pairing == .valid && self != .valid
    }
}
