import Contacts

/// What TapCard shows when iOS opened it from a tag read in the background (or from a universal
/// link): the card the tag carries, the link it points to, or just its records.
public enum BackgroundTagContent: Sendable, Equatable {
    /// The tag carries a vCard (a dual card: vCard first, link second; iOS opened TapCard for the
    /// link and handed over the whole message). `link` is the page the tag points to, if any.
    case card(VCardReading, link: String?, records: [RecordRow])
    /// A link and no readable vCard: the page the tag (or the universal link) points to.
    case link(String, records: [RecordRow])
    /// Records without a link or card (what iOS delivered, shown as the Scan screen would).
    case records([RecordRow])
    /// iOS opened TapCard with nothing to show.
    case nothing

    /// Every record of the message, in order.
    public var records: [RecordRow] {
        switch self {
        case .card(_, _, let records), .link(_, let records), .records(let records): records
        case .nothing: []
        }
    }

    /// The page the tag points to, if any.
    public var link: String? {
        switch self {
        case .card(_, let link, _): link
        case .link(let link, _): link
        case .records, .nothing: nil
        }
    }
}
