/// A `mailto:` URI (RFC 6068): a phone opens a new email to the address, with the subject and
/// body filled in.
///
/// `mailto:` to `[ "?" hfields ]` (§2): the addresses separated by `,`, then `name=value` header
/// fields joined by `&`. Everything outside `qchar` (the unreserved characters and
/// `! $ ' ( ) * + , ; : @`) is percent-encoded UTF-8 — so `&`, `=`, `%`, `?`, `#`, spaces and
/// line breaks always are — and a line break in the body is sent as `%0D%0A` (§5).
public struct MailtoURI: Sendable, Hashable {
    /// The addresses, percent-decoded, comma-separated.
    public let address: String
    public let subject: String?
    public let body: String?
    /// The URI exactly as built or read.
    public let uri: String

    /// A `mailto:` URI for one address; throws the rule the address breaks: exactly one `@`,
    /// a non-empty local part and domain, no spaces or control characters (RFC 5322 §3.4.1).
    public init(address: String, subject: String? = nil, body: String? = nil) throws(RecordValueError) {
        try Self.checkAddress(address)
        self.address = address
        self.subject = subject
        self.body = body
        var uri = "mailto:" + PercentEncoding.encode(address) { Self.isQChar($0) && $0 != UInt8(ascii: ",") }
        var fields: [String] = []
        if let subject { fields.append("subject=" + PercentEncoding.encode(subject, allowed: Self.isQChar)) }
        if let body {
            fields.append("body=" + PercentEncoding.encode(Self.crlf(body), allowed: Self.isQChar))
        }
        if !fields.isEmpty { uri += "?" + fields.joined(separator: "&") }
        self.uri = uri
    }

    /// The URI record (identifier code 0x06 stands for `mailto:`).
    public var record: NDEFRecord { .uri(uri) }

    /// Reads a `mailto:` URI; `nil` for another scheme, no address, an address that breaks the
    /// rule above, a header field that is not `name=value`, a subject or body given twice, or
    /// anything that is not percent-encoded UTF-8.
    public init?(uri: String) {
        guard let rest = PercentEncoding.afterScheme("mailto", in: uri) else { return nil }
        let to = rest.prefix { $0 != "?" }
        var addresses: [String] = []
        for part in to.split(separator: ",", omittingEmptySubsequences: false) {
            guard let address = PercentEncoding.decode(part), (try? Self.checkAddress(address)) != nil else {
                return nil
            }
            addresses.append(address)
        }
        var subject: String? = nil
        var body: String? = nil
        if to.count < rest.count {
            for field in rest.dropFirst(to.count + 1).split(separator: "&", omittingEmptySubsequences: false) {
                guard let equals = field.firstIndex(of: "="),
                    let name = PercentEncoding.decode(field[..<equals]), !name.isEmpty,
                    let value = PercentEncoding.decode(field[field.index(after: equals)...])
                else { return nil }
                switch name.lowercased() {
                case "subject":
                    guard subject == nil else { return nil }
                    subject = value
                case "body":
                    guard body == nil else { return nil }
                    body = value
                default:
                    continue
                }
            }
        }
        self.address = addresses.joined(separator: ",")
        self.subject = subject
        self.body = body
        self.uri = uri
    }

    /// RFC 6068 §2 `qchar`: unreserved / pct-encoded / some-delims (`! $ ' ( ) * + , ; : @`).
    static func isQChar(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) || Array("!$'()*+,;:@".utf8).contains(byte)
    }

    /// Every line break (CR LF, lone LF, lone CR) as CR LF, as §5 asks of a body.
    static func crlf(_ text: String) -> String {
        var out = ""
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar {
            case "\r":
                if scalars.first == "\n" { scalars = scalars.dropFirst() }
                out += "\r\n"
            case "\n": out += "\r\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func checkAddress(_ address: String) throws(RecordValueError) {
        guard !address.isEmpty else { throw .emptyEmailAddress }
        for (index, scalar) in address.unicodeScalars.enumerated()
        where scalar == " " || scalar.properties.isWhitespace || RecordValueError.isUnsafe(scalar.value) {
            throw .emailAddressCharacter(address: address, scalar: scalar.value, position: index + 1)
        }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .emailAddressAtSigns(address: address, count: parts.count - 1) }
        guard !parts[0].isEmpty else { throw .emailAddressEmptyPart(address: address, part: "local part") }
        guard !parts[1].isEmpty else { throw .emailAddressEmptyPart(address: address, part: "domain") }
    }
}

extension NDEFRecord {
    /// A `mailto:` URI record (RFC 6068), e.g. `try .mailto(address: "ada@example.com", subject: "Hi")`.
    public static func mailto(address: String, subject: String? = nil, body: String? = nil) throws(RecordValueError)
        -> NDEFRecord
    {
        try MailtoURI(address: address, subject: subject, body: body).record
    }
}
