import Contacts

/// The advisor's answer to "what is the least I can leave out so the card fits?".
public struct DropSuggestion: Sendable, Equatable {
    /// The fields to leave out, in the profile's field order.
    public let fields: [DroppedField]
    /// The card without them.
    public let result: EncodedCard
    /// How the choice was made, for people.
    public let sentence: String

    /// Bytes the dropped fields took in the message.
    public var bytesDropped: Int { fields.reduce(0) { $0 + $1.bytes } }
}

/// One field the advisor suggests dropping.
public struct DroppedField: Sendable, Equatable {
    public let field: ContactField
    /// The field's value, as the person typed it.
    public let value: String
    /// Bytes the field takes in the encoded message (its own lines or segment).
    public let bytes: Int
}
