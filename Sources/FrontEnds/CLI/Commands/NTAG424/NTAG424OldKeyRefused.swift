import TapCardSupport

/// `ntag424 keys`: the tag did not accept the current key it was given for `keyNumber`. Its own
/// words, since this command takes current keys as `--old-key N=HEX32` (the shared refusal names
/// `--key`, which this command does not have).
struct NTAG424OldKeyRefused: TapCardError, Equatable {
    var keyNumber: Int
    /// The tag's answer, as the shared refusal words it ("91 AE (authentication error)").
    var status: String

    var origin: ErrorOrigin { .tag }

    var sentence: String {
        "The tag did not accept the key given for key \(keyNumber) (AuthenticateEV2First answered \(status)); give its current value with --old-key \(keyNumber)=HEX32 (a factory NTAG 424 DNA has all zeros). No key was changed."
    }
}
