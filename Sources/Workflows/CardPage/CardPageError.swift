import TapCardSupport

/// A card site that cannot be made as asked.
public enum CardPageError: TapCardError, Equatable {
    /// `--base-url` is not an absolute http or https URL.
    case notAWebAddress(String)
    /// `--app-id` is not TEAMID.BUNDLE (a 10-character team ID, a dot, a bundle ID).
    case notAnAppID(String)
    /// The page's URL is too long for a QR code (in bytes).
    case urlTooLongForQRCode(bytes: Int, capacity: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .notAWebAddress(let text):
            "The base URL must be an absolute http:// or https:// address without spaces, not '\(text)'."
        case .notAnAppID(let text):
            "An app ID is TEAMID.BUNDLE: a 10-character team ID of letters and digits, a dot and a bundle ID "
                + "(letters, digits, '.', '-'), not '\(text)'."
        case .urlTooLongForQRCode(let bytes, let capacity):
            "The page's URL is \(bytes) bytes; a QR code holds at most \(capacity). Use a shorter --base-url."
        }
    }
}
