/// The structured name of vCard's N property (RFC 2426 §3.1.2): family; given; additional;
/// prefixes; suffixes. Empty strings mean absent.
public struct PersonName: Sendable, Equatable, Hashable, Codable {
    public var family: String
    public var given: String
    public var additional: String
    public var prefixes: String
    public var suffixes: String

    public init(
        family: String = "", given: String = "", additional: String = "", prefixes: String = "",
        suffixes: String = ""
    ) {
        self.family = family
        self.given = given
        self.additional = additional
        self.prefixes = prefixes
        self.suffixes = suffixes
    }

    public var isEmpty: Bool {
        family.isEmpty && given.isEmpty && additional.isEmpty && prefixes.isEmpty && suffixes.isEmpty
    }

    /// The parts in Western reading order, space-separated: "prefixes given additional family
    /// suffixes". Used only when no display name was typed.
    public var joined: String {
        [prefixes, given, additional, family, suffixes].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A GUESS at the structured name behind a display name, for vCard's mandatory N property.
    ///
    /// The rule is deliberately simple and predictable, because no rule is right for every
    /// culture: split on whitespace; the last token is the family name and everything before it
    /// (joined by single spaces) the given name. A name with no whitespace (a single name such as
    /// "Madonna", or a CJK name written without spaces such as "王小明") is one token, so it is the
    /// family name with an empty given name; phones show it whole either way. This is wrong for family-name-first orders (Hungarian "Nagy János" becomes family
    /// "János") and for double surnames (Spanish "Gabriel García Márquez" becomes family
    /// "Márquez"); that is why FN always carries the name exactly as typed, and why people who
    /// care pass the parts explicitly (`--family`, `--given`).
    public static func guessed(from displayName: String) -> PersonName {
        let tokens = displayName.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).map(String.init)
        guard let last = tokens.last else { return PersonName() }
        return PersonName(family: last, given: tokens.dropLast().joined(separator: " "))
    }
}
