/// A record type (TNF plus TYPE) in a form where equal types compare equal.
///
/// Normalization follows the type's own rules:
/// - well-known types (NFC Forum RTD 1.0 §2.3) compare byte for byte, case-sensitive; the URN form
///   `urn:nfc:wkt:U` is accepted and means `U`;
/// - external types (RTD 1.0 §2.4) compare case-insensitively; `urn:nfc:ext:` is accepted;
/// - media types (RFC 2045 §5.1) compare case-insensitively, ignoring parameters' spacing is *not*
///   attempted (parameters are compared lowercased as written);
/// - absolute URIs compare with a lowercased scheme;
/// - every other TNF compares its bytes exactly.
///
/// So a type given as the string `"U"` equals one given as the bytes `[0x55]`.
public struct RecordType: Sendable, Hashable, CustomStringConvertible {
    public let tnf: TypeNameFormat
    /// The normalized TYPE bytes.
    public let bytes: [UInt8]

    public init(tnf: TypeNameFormat, bytes: some Collection<UInt8>) {
        self.tnf = tnf
        self.bytes = Self.normalize(Array(bytes), tnf: tnf)
    }

    public init(tnf: TypeNameFormat, _ text: String) {
        self.init(tnf: tnf, bytes: Array(text.utf8))
    }

    /// `urn:nfc:wkt:U` style, as NFC Forum writes type names.
    public var description: String {
        let text = String(decoding: bytes, as: UTF8.self)
        switch tnf {
        case .wellKnown: return "urn:nfc:wkt:" + text
        case .external: return "urn:nfc:ext:" + text
        default: return text
        }
    }

    private static let wellKnownPrefix = Array("urn:nfc:wkt:".utf8)
    private static let externalPrefix = Array("urn:nfc:ext:".utf8)

    static func normalize(_ bytes: [UInt8], tnf: TypeNameFormat) -> [UInt8] {
        switch tnf {
        case .wellKnown:
            return dropPrefix(wellKnownPrefix, from: bytes)
        case .external:
            return lowercasedASCII(dropPrefix(externalPrefix, from: bytes))
        case .media:
            return lowercasedASCII(bytes)
        case .absoluteURI:
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return bytes }
            return lowercasedASCII(Array(bytes[..<colon])) + bytes[colon...]
        case .empty, .unknown, .unchanged, .reserved:
            return bytes
        }
    }

    private static func dropPrefix(_ prefix: [UInt8], from bytes: [UInt8]) -> [UInt8] {
        guard bytes.count > prefix.count, lowercasedASCII(Array(bytes.prefix(prefix.count))) == prefix else {
            return bytes
        }
        return Array(bytes.dropFirst(prefix.count))
    }

    static func lowercasedASCII(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }
}
