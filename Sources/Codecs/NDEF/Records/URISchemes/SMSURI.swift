/// An `sms:` URI (RFC 5724): a phone opens its messaging app to the recipients, with the body
/// filled in.
///
/// `sms:` recipients `[ "?" fields ]` (§2.2): one or more `telephone-subscriber`s (RFC 3966, see
/// ``TelephoneURI``) separated by `,`; the fields are `name=value` pairs joined by `&`, of which
/// §2.2 defines `body`, its value percent-encoded UTF-8 with only the RFC 3986 unreserved
/// characters left as they are. Other fields are kept in the URI and not shown.
public struct SMSURI: Sendable, Hashable {
    /// The recipients as written, comma-separated: `+15550100` or `+15550100,+15550101`.
    public let number: String
    /// The message text, percent-decoded; `nil` when the URI has no `body` field.
    public let body: String?
    /// The URI exactly as built or read.
    public let uri: String

    /// An `sms:` URI to `number` (one recipient, or several separated by `,`), with an optional
    /// body; throws the RFC 3966 rule a recipient breaks.
    public init(number: String, body: String? = nil) throws(RecordValueError) {
        try Self.checkRecipients(number)
        self.number = number
        self.body = body
        var uri = "sms:" + number
        if let body { uri += "?body=" + PercentEncoding.encode(body, allowed: PercentEncoding.isUnreserved) }
        self.uri = uri
    }

    /// The URI record (no identifier code stands for `sms:`; the URI is written whole).
    public var record: NDEFRecord { .uri(uri) }

    /// Reads an `sms:` URI; `nil` for another scheme, a recipient that breaks RFC 3966, a field
    /// that is not `name=value`, two bodies, or a body that is not percent-encoded UTF-8.
    public init?(uri: String) {
        guard let rest = PercentEncoding.afterScheme("sms", in: uri) else { return nil }
        let recipients = rest.prefix { $0 != "?" }
        guard (try? Self.checkRecipients(String(recipients))) != nil else { return nil }
        var body: String? = nil
        if recipients.count < rest.count {
            let fields = rest.dropFirst(recipients.count + 1)
            for field in fields.split(separator: "&", omittingEmptySubsequences: false) {
                guard let equals = field.firstIndex(of: "="),
                    let name = PercentEncoding.decode(field[..<equals]), !name.isEmpty,
                    let value = PercentEncoding.decode(field[field.index(after: equals)...])
                else { return nil }
                guard name.lowercased() == "body" else { continue }
                guard body == nil else { return nil }
                body = value
            }
        }
        self.number = String(recipients)
        self.body = body
        self.uri = uri
    }

    private static func checkRecipients(_ recipients: String) throws(RecordValueError) {
        guard !recipients.isEmpty else { throw .emptyTelephoneNumber }
        for recipient in recipients.split(separator: ",", omittingEmptySubsequences: false) {
            _ = try TelephoneURI(String(recipient))
        }
    }
}

extension NDEFRecord {
    /// An `sms:` URI record (RFC 5724), e.g. `try .sms(number: "+15550100", body: "Table 4")`.
    public static func sms(number: String, body: String? = nil) throws(RecordValueError) -> NDEFRecord {
        try SMSURI(number: number, body: body).record
    }
}
