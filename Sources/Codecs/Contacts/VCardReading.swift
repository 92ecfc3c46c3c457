/// What ``VCardReader`` made of a vCard: the profile, and everything it could not put in one.
public struct VCardReading: Sendable, Equatable {
    public var profile: ContactProfile
    /// The VERSION the card declared ("2.1", "3.0", "4.0"), or nil when it declared none.
    public var version: String?
    /// Properties TapCard's profile has no place for, kept with their decoded value and a reason.
    public var unmapped: [UnmappedProperty]
    /// Details that were read but not kept exactly (a phone's second TYPE, an unknown charset).
    public var warnings: [String]

    public init(
        profile: ContactProfile, version: String?, unmapped: [UnmappedProperty], warnings: [String]
    ) {
        self.profile = profile
        self.version = version
        self.unmapped = unmapped
        self.warnings = warnings
    }
}

/// A content line the reader could not map onto a ``ContactProfile``: nothing is dropped silently.
public struct UnmappedProperty: Sendable, Equatable {
    /// The group prefix (`item1` in `item1.X-ABLabel`), if any.
    public var group: String?
    /// The property name, uppercased (`PHOTO`, `BDAY`, `X-ABLABEL`), or the whole line when it
    /// was not a content line at all.
    public var name: String
    public var parameters: [VCardParameter]
    /// The value after decoding (quoted-printable, charset) and unescaping.
    public var value: String
    /// Why it was not mapped, as a sentence.
    public var reason: String
    /// The 1-based number of the logical (unfolded) line it came from.
    public var line: Int

    public init(
        group: String?, name: String, parameters: [VCardParameter], value: String, reason: String, line: Int
    ) {
        self.group = group
        self.name = name
        self.parameters = parameters
        self.value = value
        self.reason = reason
        self.line = line
    }
}
