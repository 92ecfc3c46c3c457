/// An NDEF message: one or more records (NFC Forum NDEF 1.0, §3.3).
///
/// Decode with ``decode(_:problems:)``, which is strict and total (any byte string gives a message or an
/// ``NDEFError`` naming the offset and the rule; nothing traps, and no length field makes it
/// allocate more than the input's size). Encode with ``encoded()``.
public struct NDEFMessage: Sendable, Hashable {
    public var records: [NDEFRecord]

    public init(records: [NDEFRecord]) {
        self.records = records
    }

    public init(_ records: NDEFRecord...) {
        self.records = records
    }

    /// The serialized size in bytes: `encoded().count`, computed without encoding.
    ///
    /// A message with no records encodes as one empty record (3 bytes), since NDEF 1.0 §3.3
    /// requires at least one record.
    public var length: Int {
        guard !records.isEmpty else { return 3 }
        return records.reduce(0) { $0 + $1.encodedLength }
    }

    /// The message as bytes: each record as a short record (SR) when its payload is under 256
    /// bytes, otherwise with a 4-byte length; MB on the first record, ME on the last, IL when a
    /// record has an ID, no chunking. A message with no records encodes as the empty record
    /// `D0 00 00`.
    ///
    /// TYPE and ID fields longer than 255 bytes cannot be encoded; they are cut at 255 bytes here.
    /// Call ``validateForEncoding()`` first to be told instead.
    public func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(length)
        MessageEncoder.encode(self, chunkSize: nil, into: &out)
        return out
    }

    /// The message with every payload longer than `chunkSize` bytes split into chunks of at most
    /// `chunkSize` bytes (NDEF 1.0 §2.3.3): the initial chunk carries TNF, type and ID, the
    /// following ones TNF 6 and no type or ID. `chunkSize` below 1 is treated as 1. A record of a
    /// typed TNF (1–4) with an empty type is written whole, since its initial chunk could not carry
    /// the type a chunk sequence needs.
    public func encoded(chunkSize: Int) -> [UInt8] {
        var out: [UInt8] = []
        MessageEncoder.encode(self, chunkSize: max(1, chunkSize), into: &out)
        return out
    }

    /// Throws when a record cannot be encoded as given: a TYPE or ID over 255 bytes, a type on a
    /// TNF that allows none, or content on an empty record.
    public func validateForEncoding() throws(NDEFError) {
        for (index, record) in records.enumerated() {
            if record.type.count > 255 {
                throw .fieldTooLong(record: index, field: .type, length: record.type.count, maximum: 255)
            }
            if record.id.count > 255 {
                throw .fieldTooLong(record: index, field: .id, length: record.id.count, maximum: 255)
            }
        }
    }

    /// Decodes a whole message. Chunked records come back reassembled as one record each. A
    /// record that breaks a type rule (``RecordProblem``) is kept and flagged in
    /// ``NDEFRecord/problems``, or refused with its offset when `problems` is ``RecordProblemPolicy/refuse``.
    public static func decode(_ bytes: [UInt8], problems: RecordProblemPolicy = .flag) throws(NDEFError)
        -> NDEFMessage
    {
        var decoder = MessageDecoder(bytes: bytes, collectLocations: false, problems: problems)
        return NDEFMessage(records: try decoder.decode())
    }

    /// Decodes a whole message and reports where each record's bytes sit in `bytes`, so that an
    /// error found later inside a payload can name its offset in the input.
    public static func decodeWithLocations(_ bytes: [UInt8], problems: RecordProblemPolicy = .flag) throws(NDEFError)
        -> (NDEFMessage, [RecordLocation])
    {
        var decoder = MessageDecoder(bytes: bytes, collectLocations: true, problems: problems)
        let records = try decoder.decode()
        return (NDEFMessage(records: records), decoder.locations)
    }
}
