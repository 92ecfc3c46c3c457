/// A record read as what it means. Every record has exactly one view; nothing is dropped: a type
/// TapCard does not model is ``unknown(tnf:type:payload:)`` with its bytes, and a known type whose
/// payload breaks its own rules is ``invalid(_:)`` with the reason.
public enum RecordView: Sendable, Hashable {
    /// TNF 0.
    case empty
    /// Well-known `U`.
    case uri(URIRecord)
    /// Well-known `T`.
    case text(TextRecord)
    /// Well-known `Sp`.
    case smartPoster(SmartPoster)
    /// TNF 2 (media type).
    case mime(MIMERecord)
    /// TNF 4 other than `android.com:pkg`.
    case external(ExternalRecord)
    /// TNF 4 `android.com:pkg`.
    case androidApplication(AndroidApplicationRecord)
    /// TNF 3.
    case absoluteURI(AbsoluteURIRecord)
    /// Any other record, kept whole (TNF 5, or a well-known type TapCard does not model).
    case unknown(tnf: TypeNameFormat, type: [UInt8], payload: [UInt8])
    /// A known record type whose payload is malformed; offsets in the error are relative to the
    /// payload. The record itself still holds every byte.
    case invalid(NDEFError)

    /// A short name: `uri`, `text`, `smartposter`, `mime`, `external`, `aar`, `absolute-uri`,
    /// `empty`, `unknown`, `invalid`.
    public var kind: String {
        switch self {
        case .empty: "empty"
        case .uri: "uri"
        case .text: "text"
        case .smartPoster: "smartposter"
        case .mime: "mime"
        case .external: "external"
        case .androidApplication: "aar"
        case .absoluteURI: "absolute-uri"
        case .unknown: "unknown"
        case .invalid: "invalid"
        }
    }
}

extension NDEFRecord {
    /// What this record means; a malformed payload of a known type gives ``RecordView/invalid(_:)``.
    public var view: RecordView {
        do {
            return try decodeView()
        } catch {
            return .invalid(error)
        }
    }

    /// What this record means, or the payload error (offsets relative to the payload).
    public func decodeView() throws(NDEFError) -> RecordView {
        switch tnf {
        case .empty:
            return .empty
        case .wellKnown:
            switch type {
            case [0x55]: return .uri(try URIRecord.decode(payload: payload[...]))
            case [0x54]: return .text(try TextRecord.decode(payload: payload[...]))
            case [0x53, 0x70]: return .smartPoster(try SmartPoster.decode(payload: payload[...]))
            default: return .unknown(tnf: tnf, type: type, payload: payload)
            }
        case .media:
            return .mime(MIMERecord(type: String(decoding: type, as: UTF8.self), payload: payload))
        case .absoluteURI:
            return .absoluteURI(AbsoluteURIRecord(uri: String(decoding: type, as: UTF8.self), payload: payload))
        case .external:
            if RecordType.lowercasedASCII(type) == AndroidApplicationRecord.type {
                return .androidApplication(try AndroidApplicationRecord.decode(payload: payload[...]))
            }
            return .external(ExternalRecord(type: String(decoding: type, as: UTF8.self), payload: payload))
        case .unknown, .unchanged, .reserved:
            return .unknown(tnf: tnf, type: type, payload: payload)
        }
    }
}
