import TapCardSupport

/// Why a secure pairing stopped after the tag's set-up.
enum SecurePairingProblem: TapCardError {
    /// The tag held no URL after its SDM set-up.
    case noURL

    var origin: ErrorOrigin { .tag }
    var sentence: String {
        "The tag holds no URL after its set-up, so there is no SUN message to verify; nothing was paired. Hold it again and tap “Pair securely”."
    }
}
