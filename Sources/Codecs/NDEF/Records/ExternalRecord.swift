/// An NFC Forum external type record, TNF 4 (NFC Forum RTD 1.0 §2.4): the type is
/// `domain:type`, e.g. `example.com:mytype`; compare types case-insensitively.
public struct ExternalRecord: Sendable, Hashable {
    /// The type as written, `domain:type`.
    public var type: String
    public var payload: [UInt8]

    public init(type: String, payload: [UInt8]) {
        self.type = type
        self.payload = payload
    }

    /// The part before the first `:` (the issuing organization's domain), or `nil` without a colon.
    public var domain: String? {
        guard let colon = type.firstIndex(of: ":") else { return nil }
        return String(type[..<colon])
    }

    /// The record (TNF 4).
    public var record: NDEFRecord { NDEFRecord(tnf: .external, type: Array(type.utf8), payload: payload) }
}

extension NDEFRecord {
    /// An external type record (TNF 4), `type` as `domain:type`.
    public static func external(type: String, payload: [UInt8]) -> NDEFRecord {
        ExternalRecord(type: type, payload: payload).record
    }
}
