/// The three ways TapCard puts a contact on a tag.
public enum CardFormat: String, Sendable, CaseIterable, Codable {
    /// A URI record pointing at the person's own page: tiny, but only as alive as the server.
    case url
    /// The whole card as vCard 3.0 in a MIME `text/vcard` record: works offline, and big.
    case vcard
    /// The compact MeCard in an NFC Forum Text record (see ``CardEncoding`` for why a Text record).
    case mecard

    /// What the NDEF record is, for people.
    public var recordDescription: String {
        switch self {
        case .url: "URI record"
        case .vcard: "MIME record text/vcard"
        case .mecard: "Text record holding a MeCard"
        }
    }
}
