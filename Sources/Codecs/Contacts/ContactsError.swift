import TapCardSupport

/// Input that is not a contact card at all. Each case says where the reader looked.
public enum ContactsError: TapCardError, Equatable {
    /// No `BEGIN:VCARD` line in this many logical lines.
    case notAVCard(lines: Int)
    /// The text does not start with `MECARD:` (after leading whitespace); `prefix` is what it
    /// starts with instead, at most 16 characters.
    case notAMeCard(prefix: String)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .notAVCard(let lines):
            "This is not a vCard: none of its \(lines) lines is BEGIN:VCARD."
        case .notAMeCard(let prefix):
            "This is not a MeCard: it starts with '\(prefix)' instead of 'MECARD:'."
        }
    }
}
