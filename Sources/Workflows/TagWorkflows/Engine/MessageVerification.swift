import NDEF

/// "Verified" means the read-back decodes to the records written: the same judgement for every
/// tag type. The message read must equal the one asked for, record by record, and every record
/// must decode strictly as its type — the very judgement (`decodeView()`) by which `read` calls a
/// record malformed — so a record a reader would reject is never verified. Whether the bytes are
/// the very bytes written is checked too, and said (``VerificationMatch``): a different encoding
/// of the same records verifies, and is reported as such.
public enum MessageVerification {
    @discardableResult
    public static func check(
        readBytes: [UInt8]?, message: NDEFMessage?, expectedBytes: [UInt8], expected: NDEFMessage
    ) throws(TagWriteError) -> VerificationMatch {
        guard let message, let readBytes, message == expected else {
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
        return readBytes == expectedBytes ? .bytes : .recordsOnly
    }
}
