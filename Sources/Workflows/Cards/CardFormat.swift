/// The four ways TapCard puts a contact on a tag.
public enum CardFormat: String, Sendable, CaseIterable, Codable {
    /// A URI record pointing at the person's own page: tiny, but only as alive as the server.
    case url
    /// The whole card as vCard 3.0 in a MIME `text/vcard` record: works offline, and big.
    case vcard
    /// The compact MeCard in an NFC Forum Text record (see ``CardEncoding`` for why a Text record).
    case mecard
    /// The vCard record first and the URI record second, in one message: Android acts on the
    /// first record (the vCard), an iPhone reading in the background on the first URI record (the
    /// link), since it ignores `text/vcard`. The biggest of the four.
    case dual

    /// What the NDEF records are, for people.
    public var recordDescription: String {
        switch self {
        case .url: "URI record"
        case .vcard: "MIME record text/vcard"
        case .mecard: "Text record holding a MeCard"
        case .dual: "MIME record text/vcard, then a URI record"
        }
    }

    /// Whether the message carries a link, so that encoding it needs one.
    public var needsLink: Bool {
        switch self {
        case .url, .dual: true
        case .vcard, .mecard: false
        }
    }

    /// The names `--as` takes, in the order help texts list them.
    public static var names: [String] { allCases.map(\.rawValue) }
}
