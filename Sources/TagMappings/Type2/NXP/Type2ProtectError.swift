import TapCardSupport

/// Why TapCard will not plan a protection change. Decided before any command is sent.
public enum Type2ProtectError: RangeCheckedError, Equatable {
    /// CFGLCK is set: CFG0 and CFG1 can never be written again.
    case configurationLocked(auth0: Int)
    /// AUTH0 must name a page from 3 to the chip's last page.
    case firstPageOutOfRange(page: Int, lastPage: Int)
    /// The chip cannot count exactly `attempts` wrong passwords.
    case attemptsNotSupported(attempts: Int, allowed: [Int])

    public var origin: ErrorOrigin {
        switch self {
        case .configurationLocked: .refusal
        case .firstPageOutOfRange, .attemptsNotSupported: .input
        }
    }

    public var isOutOfRange: Bool { origin == .input }

    public var sentence: String {
        switch self {
        case .configurationLocked(let auth0):
            "The tag's configuration is locked for good (CFGLCK is set in its ACCESS byte; AUTH0 is \(auth0)): its protection can never change. Nothing was written."
        case .firstPageOutOfRange(let page, let lastPage):
            "The first protected page must be 3–\(lastPage) on this chip, not \(page). Nothing was written."
        case .attemptsNotSupported(let attempts, let allowed):
            "This chip counts \(allowed.map(String.init).joined(separator: ", ")) wrong passwords (AUTHLIM 1–7), not \(attempts); leave the limit out for no limit. Nothing was written."
        }
    }
}
