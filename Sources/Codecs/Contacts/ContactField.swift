/// One optional field of a ``ContactProfile``: what an advisor may suggest dropping to make a card
/// fit. The name is never optional.
public enum ContactField: Sendable, Hashable, Codable {
    case organization
    case title
    /// The phone at this index of ``ContactProfile/phones``.
    case phone(Int)
    case email(Int)
    case url(Int)
    case address
    case note

    /// Every optional field the profile actually has, in vCard output order.
    public static func present(in profile: ContactProfile) -> [ContactField] {
        var fields: [ContactField] = []
        if !profile.organization.isEmpty { fields.append(.organization) }
        if !profile.title.isEmpty { fields.append(.title) }
        fields += profile.phones.indices.map { .phone($0) }
        fields += profile.emails.indices.map { .email($0) }
        fields += profile.urls.indices.map { .url($0) }
        if !profile.address.isEmpty { fields.append(.address) }
        if !profile.note.isEmpty { fields.append(.note) }
        return fields
    }

    /// A short machine name: "organization", "title", "phone[0]", "email[1]", "url[0]",
    /// "address", "note".
    public var key: String {
        switch self {
        case .organization: "organization"
        case .title: "title"
        case .phone(let index): "phone[\(index)]"
        case .email(let index): "email[\(index)]"
        case .url(let index): "url[\(index)]"
        case .address: "address"
        case .note: "note"
        }
    }

    /// The field's value in `profile`, as a person would read it (empty when absent).
    public func value(in profile: ContactProfile) -> String {
        switch self {
        case .organization: profile.organization
        case .title: profile.title
        case .phone(let index): profile.phones.indices.contains(index) ? profile.phones[index].number : ""
        case .email(let index): profile.emails.indices.contains(index) ? profile.emails[index] : ""
        case .url(let index): profile.urls.indices.contains(index) ? profile.urls[index] : ""
        case .address:
            profile.address.components.filter { !$0.isEmpty }.joined(separator: ", ")
        case .note: profile.note
        }
    }

    /// A copy of `profile` without the given fields. Indices refer to the original profile.
    public static func removing(_ fields: Set<ContactField>, from profile: ContactProfile) -> ContactProfile {
        var result = profile
        if fields.contains(.organization) { result.organization = "" }
        if fields.contains(.title) { result.title = "" }
        if fields.contains(.address) { result.address = PostalAddress() }
        if fields.contains(.note) { result.note = "" }
        result.phones = profile.phones.enumerated().filter { !fields.contains(.phone($0.offset)) }.map(\.element)
        result.emails = profile.emails.enumerated().filter { !fields.contains(.email($0.offset)) }.map(\.element)
        result.urls = profile.urls.enumerated().filter { !fields.contains(.url($0.offset)) }.map(\.element)
        return result
    }
}
