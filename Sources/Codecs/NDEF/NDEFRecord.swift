/// One logical NDEF record: what a reader sees after chunks are reassembled.
///
/// NFC Forum NDEF 1.0, §3.2. The header flags (MB, ME, CF, SR, IL) are not stored: they follow
/// from the record's place in a message and from its field sizes, and ``NDEFMessage/encoded()``
/// derives them. Build records with the static builders (``uri(_:)``, ``text(_:language:encoding:)``,
/// ``mime(type:payload:)``…) and read them through ``view``.
public struct NDEFRecord: Sendable, Hashable {
    /// How to read ``type``.
    public var tnf: TypeNameFormat
    /// The TYPE field bytes (at most 255 when encoded).
    public var type: [UInt8]
    /// The ID field bytes (at most 255 when encoded); empty when there is no ID.
    public var id: [UInt8]
    /// The whole payload (all chunks joined).
    public var payload: [UInt8]

    public init(tnf: TypeNameFormat, type: [UInt8], id: [UInt8] = [], payload: [UInt8] = []) {
        self.tnf = tnf
        self.type = type
        self.id = id
        self.payload = payload
    }

    /// A record whose type is given as text: `NDEFRecord(tnf: .wellKnown, type: "U", …)` is the
    /// same record as one built with `type: [0x55]`.
    public init(tnf: TypeNameFormat, type: String, id: [UInt8] = [], payload: [UInt8] = []) {
        self.init(tnf: tnf, type: Array(type.utf8), id: id, payload: payload)
    }

    /// The record's type, normalized for comparison.
    public var recordType: RecordType { RecordType(tnf: tnf, bytes: type) }

    /// True when this record's type equals `type` under the normalization of ``RecordType``
    /// (e.g. `hasType("U")` for a well-known URI record; case-insensitive for media and external
    /// types).
    public func hasType(_ type: String) -> Bool {
        recordType == RecordType(tnf: tnf, type)
    }

    /// The bytes this record takes when encoded alone as a short or long record (header byte,
    /// lengths, type, ID, payload), unchunked.
    public var encodedLength: Int {
        let typeCount = min(type.count, 255)
        let idCount = min(id.count, 255)
        let payloadLengthSize = payload.count < 256 ? 1 : 4
        return 2 + payloadLengthSize + (idCount > 0 ? 1 : 0) + typeCount + idCount + payload.count
    }
}
