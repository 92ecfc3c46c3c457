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

extension NDEFRecord {
    /// A URI record (well-known type `U`) using the longest matching prefix code.
    public static func uri(_ uri: String) -> NDEFRecord {
        URIRecord(uri: uri).record
    }
}
