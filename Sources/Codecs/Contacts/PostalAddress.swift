/// A postal address in vCard's ADR order (RFC 2426 §3.2.1): post office box; extended address;
/// street; locality; region; postal code; country. Empty strings mean absent.
public struct PostalAddress: Sendable, Equatable, Hashable, Codable {
    public var poBox: String
    public var extended: String
    public var street: String
    public var locality: String
    public var region: String
    public var postalCode: String
    public var country: String

    public init(
        poBox: String = "", extended: String = "", street: String = "", locality: String = "",
        region: String = "", postalCode: String = "", country: String = ""
    ) {
        self.poBox = poBox
        self.extended = extended
        self.street = street
        self.locality = locality
        self.region = region
        self.postalCode = postalCode
        self.country = country
    }

    /// The seven components in ADR order.
    public var components: [String] { [poBox, extended, street, locality, region, postalCode, country] }

    /// Builds an address from up to seven components in ADR order; missing ones are empty and
    /// extra ones are joined onto the country so nothing is lost.
    public init(components: [String]) {
        var parts = Array(components.prefix(7))
        if components.count > 7 {
            parts[6] = components[6...].joined(separator: ";")
        }
        while parts.count < 7 { parts.append("") }
        self.init(
            poBox: parts[0], extended: parts[1], street: parts[2], locality: parts[3], region: parts[4],
            postalCode: parts[5], country: parts[6])
    }

    public var isEmpty: Bool { components.allSatisfy(\.isEmpty) }
}
