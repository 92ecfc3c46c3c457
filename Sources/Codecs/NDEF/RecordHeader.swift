/// The bits of the first byte of an NDEF record.
///
/// NFC Forum NDEF 1.0, §3.2 "Record Layout", figure 3: MB (bit 7), ME (bit 6), CF (bit 5),
/// SR (bit 4), IL (bit 3), TNF (bits 2–0).
public struct RecordHeader: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Message Begin: the first record of a message.
    public static let messageBegin = RecordHeader(rawValue: 0x80)
    /// Message End: the last record of a message.
    public static let messageEnd = RecordHeader(rawValue: 0x40)
    /// Chunk Flag: this is the initial or a middle chunk of a chunked payload.
    public static let chunk = RecordHeader(rawValue: 0x20)
    /// Short Record: PAYLOAD_LENGTH is one byte instead of four.
    public static let shortRecord = RecordHeader(rawValue: 0x10)
    /// ID Length present: an ID_LENGTH byte and an ID field follow.
    public static let idLength = RecordHeader(rawValue: 0x08)

    /// The TNF field (bits 2–0).
    public var tnfBits: UInt8 { rawValue & 0x07 }
}
