/// Proof that a person asked to switch an NTAG 424 DNA to LRP mode. SetConfiguration's LRP switch
/// is permanent ("it is not possible to revert back to AES mode", datasheet §10.5.1), so
/// `Type4Tag.setUpSDM` sends it only with this value (the CLI builds it only from
/// `--yes-lrp-permanently`).
public struct LRPConfirmation: Sendable, Equatable {
    private init() {}

    /// "I understand the tag will never speak AES secure messaging again."
    public static let permanent = LRPConfirmation()
}
