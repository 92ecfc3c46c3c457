/// A person's card as TapCard holds it: what the user typed, before any encoding.
///
/// Empty strings mean "absent" throughout, so a profile compares equal to its round trip through
/// an encoder and a reader without optional-versus-empty ambiguity.
public struct ContactProfile: Sendable, Equatable, Hashable, Codable {
    /// The name exactly as the person wants it shown (vCard FN). Never rewritten.
    public var displayName: String
    /// Structured name parts given explicitly. When all are empty, encoders that need a structured
    /// name (vCard N) fall back to ``PersonName/guessed(from:)`` and say so.
    public var name: PersonName
    public var organization: String
    public var title: String
    public var phones: [Phone]
    public var emails: [String]
    public var urls: [String]
    public var address: PostalAddress
    public var note: String

    public init(
        displayName: String = "", name: PersonName = PersonName(), organization: String = "",
        title: String = "", phones: [Phone] = [], emails: [String] = [], urls: [String] = [],
        address: PostalAddress = PostalAddress(), note: String = ""
    ) {
        self.displayName = displayName
        self.name = name
        self.organization = organization
        self.title = title
        self.phones = phones
        self.emails = emails
        self.urls = urls
        self.address = address
        self.note = note
    }

    /// The structured name an encoder writes: the explicit parts when any is given, otherwise the
    /// documented guess from the display name.
    public var effectiveName: PersonName {
        name.isEmpty ? PersonName.guessed(from: displayName) : name
    }

    /// The formatted name an encoder writes: the display name exactly as typed, or, when it is
    /// empty, the explicit parts joined in reading order ("given additional family").
    public var formattedName: String {
        if !displayName.isEmpty { return displayName }
        return name.joined
    }

    /// True when there is some name to show (a card without one is refused by the CLI).
    public var hasName: Bool { !formattedName.isEmpty || !name.isEmpty }
}

/// One telephone number and what kind of line it is.
public struct Phone: Sendable, Equatable, Hashable, Codable {
    public var number: String
    public var kind: PhoneKind

    public init(_ number: String, kind: PhoneKind = .voice) {
        self.number = number
        self.kind = kind
    }
}

/// The kinds of telephone line vCard 3.0 names (RFC 2426 §3.3.1), those a phone's address book
/// shows as labels.
public enum PhoneKind: String, Sendable, CaseIterable, Codable {
    case cell
    case work
    case home
    case fax
    case pager
    /// A plain voice line: the vCard default when no kind is given.
    case voice

    /// The vCard TYPE parameter value.
    public var vCardType: String { rawValue.uppercased() }
}
