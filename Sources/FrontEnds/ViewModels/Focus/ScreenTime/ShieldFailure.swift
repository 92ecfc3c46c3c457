import TapCardSupport

/// Screen Time said no, or could not do what TapCard asked.
public enum ShieldFailure: TapCardError, Equatable {
    /// The authorization request failed (FamilyControls' error domain and code, and its text).
    case authorizationFailed(domain: String, code: Int, detail: String)
    /// The stored selection could not be read back (its size in bytes), so nothing was shielded.
    case unreadableSelection(bytes: Int)

    public var origin: ErrorOrigin { .platform }

    public var sentence: String {
        switch self {
        case .authorizationFailed(let domain, let code, let detail):
            "Screen Time access was not granted (\(domain) \(code): \(detail)). A focus session stays a timer until it is."
        case .unreadableSelection(let bytes):
            "The apps chosen for focus sessions could not be read back (\(bytes) bytes stored); choose them again. Nothing is blocked."
        }
    }
}
