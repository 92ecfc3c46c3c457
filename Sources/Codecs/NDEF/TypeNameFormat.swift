/// The 3-bit TNF field of an NDEF record header: how to read the TYPE field.
///
/// NFC Forum NDEF 1.0, §3.2.6 "TNF (Type Name Format)", table 3.
public enum TypeNameFormat: UInt8, Sendable, Equatable, Hashable, CaseIterable {
    /// 0x00: no type, no ID, no payload (TYPE_LENGTH, ID_LENGTH and PAYLOAD_LENGTH are 0).
    case empty = 0
    /// 0x01: NFC Forum well-known type (RTD), e.g. `U`, `T`, `Sp`.
    case wellKnown = 1
    /// 0x02: media type (RFC 2046), e.g. `text/vcard`.
    case media = 2
    /// 0x03: absolute URI (RFC 3986) naming the type.
    case absoluteURI = 3
    /// 0x04: NFC Forum external type, `domain:type`.
    case external = 4
    /// 0x05: unknown; TYPE_LENGTH must be 0.
    case unknown = 5
    /// 0x06: unchanged; only in the middle and terminating chunks of a chunked record.
    case unchanged = 6
    /// 0x07: reserved; a decoder must reject it.
    case reserved = 7

    /// A short lowercase name for people and JSON.
    public var name: String {
        switch self {
        case .empty: "empty"
        case .wellKnown: "well-known"
        case .media: "media"
        case .absoluteURI: "absolute-uri"
        case .external: "external"
        case .unknown: "unknown"
        case .unchanged: "unchanged"
        case .reserved: "reserved"
        }
    }
}
