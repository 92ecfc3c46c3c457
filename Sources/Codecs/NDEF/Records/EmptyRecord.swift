/// The empty record, TNF 0 (NFC Forum NDEF 1.0 §3.2.6): no type, no ID, no payload, so
/// TYPE_LENGTH, ID_LENGTH and PAYLOAD_LENGTH are all 0. A message holding only `D0 00 00` is how
/// a formatted tag says "no content". Its view is ``RecordView/empty``.
extension NDEFRecord {
    /// The empty record (TNF 0).
    public static let empty = NDEFRecord(tnf: .empty, type: [UInt8]())
}
