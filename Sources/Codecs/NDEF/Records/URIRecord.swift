/// The URI record, well-known type `U` (NFC Forum URI Record Type Definition 1.0).
///
/// Payload: one identifier code byte, then the rest of the URI as UTF-8 (§3.2). Code 0x00–0x23
/// stands for a prefix (§3.2.2, table 3); codes 0x24–0xFF are reserved: a reader "SHOULD" treat
/// them as 0x00 (no prefix), which we do while keeping the code and reporting a warning.
public struct URIRecord: Sendable, Hashable {
    /// The whole URI (prefix and rest).
    public var uri: String
    /// The identifier code byte written in (or to be written to) the payload.
    public var identifierCode: UInt8

    /// A URI record with the longest prefix that matches `uri` (URI RTD §3.2.2).
    public init(uri: String) {
        self.uri = uri
        self.identifierCode = Self.longestPrefixCode(for: uri)
    }

    /// A URI record with a chosen identifier code; the URI must start with that code's prefix.
    init(uri: String, identifierCode: UInt8) {
        self.uri = uri
        self.identifierCode = identifierCode
    }

    /// URI RTD 1.0 §3.2.2, table 3: the prefix for each identifier code 0x00–0x23.
    public static let prefixes: [String] = [
        "", "http://www.", "https://www.", "http://", "https://", "tel:", "mailto:",
        "ftp://anonymous:anonymous@", "ftp://ftp.", "ftps://", "sftp://", "smb://", "nfs://", "ftp://",
        "dav://", "news:", "telnet://", "imap:", "rtsp://", "urn:", "pop:", "sip:", "sips:", "tftp:",
        "btspp://", "btl2cap://", "btgoep://", "tcpobex://", "irdaobex://", "file://", "urn:epc:id:",
        "urn:epc:tag:", "urn:epc:pat:", "urn:epc:raw:", "urn:epc:", "urn:nfc:",
    ]

    private static let prefixBytes: [[UInt8]] = prefixes.map { Array($0.utf8) }

    /// The prefix the identifier code stands for; "" for code 0 and for reserved codes.
    public var prefix: String {
        Int(identifierCode) < Self.prefixes.count ? Self.prefixes[Int(identifierCode)] : ""
    }

    /// True when the identifier code is reserved (0x24–0xFF).
    public var hasReservedCode: Bool { Int(identifierCode) >= Self.prefixes.count }

    /// A warning for people, when the code is reserved.
    public var warning: String? {
        guard hasReservedCode else { return nil }
        let hex = String(identifierCode, radix: 16, uppercase: true)
        return "URI identifier code 0x\(hex.count == 1 ? "0" + hex : hex) is reserved; read as no prefix."
    }

    /// The code whose prefix is the longest one `uri` starts with (0 when none matches).
    public static func longestPrefixCode(for uri: String) -> UInt8 {
        let bytes = Array(uri.utf8)
        var best = 0
        var bestLength = 0
        for (code, prefix) in prefixBytes.enumerated() where prefix.count > bestLength {
            if bytes.count >= prefix.count && bytes[..<prefix.count].elementsEqual(prefix) {
                best = code
                bestLength = prefix.count
            }
        }
        return UInt8(best)
    }

    /// The payload: code byte, then the URI without its prefix.
    public var payload: [UInt8] {
        var bytes = Array(uri.utf8)
        let prefix = hasReservedCode ? [] : Self.prefixBytes[Int(identifierCode)]
        if bytes.count >= prefix.count && bytes[..<prefix.count].elementsEqual(prefix) {
            bytes.removeFirst(prefix.count)
        }
        return [identifierCode] + bytes
    }

    /// The record (TNF 1, type `U`).
    public var record: NDEFRecord { NDEFRecord(tnf: .wellKnown, type: [0x55], payload: payload) }

    /// Reads a URI payload; offsets in errors are relative to the payload.
    public static func decode(payload: ArraySlice<UInt8>) throws(NDEFError) -> URIRecord {
        guard let code = payload.first else {
            throw .payloadTooShort(kind: "URI record", offset: 0, needed: 1, available: 0)
        }
        switch UnicodeText.utf8(payload.dropFirst()) {
        case .success(let rest):
            let prefix = Int(code) < prefixes.count ? prefixes[Int(code)] : ""
            return URIRecord(uri: prefix + rest, identifierCode: code)
        case .failure(.invalid(let at)):
            throw .invalidUTF8(what: "URI", offset: 1 + at)
        case .failure(.oddLength):
            throw .invalidUTF8(what: "URI", offset: 1)
        }
    }
}

extension URIRecord {
    /// Checks that `uri` is one a reader can act on before it is encoded: not empty, with no
    /// character ``isRefusedInURI(_:)`` names, and starting with a scheme (RFC 3986 §3.1). Non-ASCII letters are
    /// fine: the URI RTD carries IRIs (RFC 3987) in UTF-8. `field` names the value in the error
    /// ("URI", "smart poster URI", "record ID").
    public static func check(_ uri: String, field: String = "URI") throws(RecordValueError) {
        guard !uri.isEmpty else { throw .emptyURI(field: field) }
        try checkCharacters(uri, field: field)
        guard hasScheme(uri) else { throw .uriWithoutScheme(field: field, uri: uri) }
    }

    /// Only the character rule of ``check(_:field:)`` (for an ID, a URI reference that may be
    /// relative, NDEF 1.0 §3.2.11).
    public static func checkCharacters(_ text: String, field: String) throws(RecordValueError) {
        for (index, scalar) in text.unicodeScalars.enumerated() where isRefusedInURI(scalar) {
            throw .uriCharacter(field: field, scalar: scalar.value, position: index + 1)
        }
    }

    /// The one URI character rule, for what is encoded (`write uri`, `encode absolute-uri`, a
    /// smart poster's URI, a card's link) and for what is decoded (``RecordProblem``, refused by
    /// `decode --strict`): any white space (U+0020, the no-break and typographic spaces U+00A0,
    /// U+2000–U+200A, U+3000…: RFC 3986 §2 allows no space raw, and one that does not look like a
    /// space hides where a link ends) and any character unsafe to show (`UnsafeText`: controls,
    /// bidirectional formatting, invisible and format characters; RFC 3987 §4.1 bans the bidi
    /// controls from IRIs). Other non-ASCII letters are fine: the URI RTD carries IRIs in UTF-8.
    public static func isRefusedInURI(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || RecordValueError.isUnsafe(scalar.value)
    }

    /// True when `uri` starts with `scheme:`, scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    /// (RFC 3986 §3.1).
    static func hasScheme(_ uri: String) -> Bool {
        var count = 0
        for byte in uri.utf8 {
            if byte == UInt8(ascii: ":") { return count > 0 }
            let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            let isOther = (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            guard isLetter || (count > 0 && isOther) else { return false }
            count += 1
        }
        return false
    }
}

extension NDEFRecord {
    /// A URI record (well-known type `U`) using the longest matching prefix code.
    public static func uri(_ uri: String) -> NDEFRecord {
        URIRecord(uri: uri).record
    }
}
