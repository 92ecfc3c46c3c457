/// A record whose payload type is unknown, TNF 5 (NFC Forum NDEF 1.0 §3.2.6: TYPE_LENGTH is 0 and
/// a reader should treat the payload as opaque bytes). Its view, like that of any record type
/// TapCard does not model (e.g. well-known `Di` or `Hs`), is
/// ``RecordView/unknown(tnf:type:payload:)``, which keeps the TNF, the type and every payload byte.
extension NDEFRecord {
    /// A TNF 5 (unknown) record carrying `payload` as opaque bytes.
    public static func unknown(payload: [UInt8], id: [UInt8] = []) -> NDEFRecord {
        NDEFRecord(tnf: .unknown, type: [UInt8](), id: id, payload: payload)
    }
}
