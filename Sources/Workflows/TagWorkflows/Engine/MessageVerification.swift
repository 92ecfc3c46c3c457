import NDEF

/// "Verified" means the read-back decodes to the records written: the same judgement for every
/// tag type. The bytes read must be the bytes written, the message must equal the one asked for,
/// and every record must decode strictly as its type — the very judgement (`decodeView()`) by
/// which `read` calls a record malformed — so a record a reader would reject is never verified.
public enum MessageVerification {
    public static func check(
        readBytes: [UInt8]?, message: NDEFMessage?, expectedBytes: [UInt8], expected: NDEFMessage
    ) throws(TagWriteError) {
        guard let message, message == expected, readBytes == expectedBytes else {
            throw TagWriteError.verificationFailed(expectedBytes: expectedBytes.count, readBytes: readBytes?.count)
        }
        for (index, record) in message.records.enumerated() {
            do {
                _ = try record.decodeView()
            } catch {
                throw TagWriteError.malformedRecord(
                    record: index + 1, records: message.records.count, type: record.type, error: error)
            }
        }
    }
}
