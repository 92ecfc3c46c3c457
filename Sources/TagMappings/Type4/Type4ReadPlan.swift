/// The READ BINARY commands that read a Type 4 tag's NDEF message: the length field (NLEN, 2
/// bytes; ENLEN, 4, in an extended file) at offset 0, then the message after it in chunks ≤ the
/// read chunk (reference §1.4; nfcpy `tt4.py` `_read_ndef_data`).
///
/// The workflow selects the NDEF application and ``file``, sends ``lengthRead``, checks the answer
/// with `Type4NDEFFile.parseLength(_:cc:)`, then sends ``messageReads(length:)``.
public struct Type4ReadPlan: Sendable, Hashable {
    /// The NDEF file to SELECT before the reads.
    public var file: UInt16
    public var chunking: Type4Chunking
    /// The read of the length field.
    public var lengthRead: Type4FileRead
    /// Where the message starts: 2, or 4 after an ENLEN.
    public var messageOffset: Int

    /// Plans reading the NDEF file `cc` names; refuses when its read access is not free (00),
    /// as nfcpy does (`readable = read access == 0`).
    public static func make(cc: Type4CapabilityContainer, carrierLimit: Int? = nil)
        -> Result<Type4ReadPlan, Type4PlanError>
    {
        guard cc.ndefFile.readAccess.isFree else { return .failure(.notReadable(access: cc.ndefFile.readAccess)) }
        let field = cc.lengthFieldBytes
        return .success(
            Type4ReadPlan(
                file: cc.ndefFile.identifier, chunking: Type4Chunking(cc: cc, carrierLimit: carrierLimit),
                lengthRead: Type4FileRead(offset: 0, length: field), messageOffset: field))
    }

    /// The reads of a message of `length` bytes (the NLEN `parseLength` accepted); none for 0.
    public func messageReads(length: Int) -> Result<[Type4FileRead], Type4PlanError> {
        let reads = Self.reads(from: messageOffset, count: length, chunk: chunking.readChunk)
        if let far = reads.first(where: { $0.offset > Type4NDEFFile.maximumShortOffset }) {
            return .failure(.offsetBeyondShortAddressing(offset: far.offset))
        }
        return .success(reads)
    }

    /// `count` bytes from `offset` in reads of at most `chunk` bytes (at least 1), for any file:
    /// the message, or the rest of a CC file longer than its first 15-byte read.
    public static func reads(from offset: Int, count: Int, chunk: Int) -> [Type4FileRead] {
        let chunk = max(1, chunk)
        var reads: [Type4FileRead] = []
        var start = 0
        while start < count {
            let length = min(chunk, count - start)
            reads.append(Type4FileRead(offset: offset + start, length: length))
            start += length
        }
        return reads
    }
}
