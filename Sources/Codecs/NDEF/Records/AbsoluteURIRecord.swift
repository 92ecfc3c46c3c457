/// An absolute-URI record, TNF 3 (NFC Forum NDEF 1.0 §3.2.6): the TYPE field is an absolute URI
/// (RFC 3986) naming the payload's type, e.g. `http://example.com/schema` or `urn:example:type`.
public struct AbsoluteURIRecord: Sendable, Hashable {
    /// The URI in the TYPE field.
    public var uri: String
    public var payload: [UInt8]

    public init(uri: String, payload: [UInt8] = []) {
        self.uri = uri
        self.payload = payload
    }

    /// The record (TNF 3).
    public var record: NDEFRecord { NDEFRecord(tnf: .absoluteURI, type: Array(uri.utf8), payload: payload) }
}

extension NDEFRecord {
    /// An absolute-URI record (TNF 3) whose type is `uri`.
    public static func absoluteURI(_ uri: String, payload: [UInt8] = []) -> NDEFRecord {
        AbsoluteURIRecord(uri: uri, payload: payload).record
    }
}
