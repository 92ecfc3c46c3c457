/// What a URI record's URI means when its scheme is one a phone acts on (dial, text, email, map):
/// the sub-view of ``RecordView/uri(_:)``. A URI with one of these schemes whose rest breaks the
/// scheme's RFC has no sub-view and stays a plain URI: reading is total, never an error.
public enum URIView: Sendable, Hashable {
    /// `tel:` (RFC 3966).
    case tel(TelephoneURI)
    /// `sms:` (RFC 5724).
    case sms(SMSURI)
    /// `mailto:` (RFC 6068).
    case mailto(MailtoURI)
    /// `geo:` (RFC 5870).
    case geo(GeoURI)

    /// `tel`, `sms`, `mailto`, `geo`.
    public var kind: String {
        switch self {
        case .tel: "tel"
        case .sms: "sms"
        case .mailto: "mailto"
        case .geo: "geo"
        }
    }

    /// The sub-view of `uri`, or `nil` when its scheme is none of these or its rest is malformed.
    public init?(uri: String) {
        guard let colon = uri.utf8.firstIndex(of: UInt8(ascii: ":")),
            uri.utf8.distance(from: uri.startIndex, to: colon) <= 6
        else { return nil }
        let view: URIView? =
            switch uri[..<colon].lowercased() {
            case "tel": TelephoneURI(uri: uri).map(URIView.tel)
            case "sms": SMSURI(uri: uri).map(URIView.sms)
            case "mailto": MailtoURI(uri: uri).map(URIView.mailto)
            case "geo": GeoURI(uri: uri).map(URIView.geo)
            default: nil
            }
        guard let view else { return nil }
        self = view
    }
}

extension URIRecord {
    /// The URI's meaning for `tel:`, `sms:`, `mailto:` and `geo:` URIs, or `nil`.
    public var schemeView: URIView? { URIView(uri: uri) }
}
