import TagFrames

/// The UPDATE BINARY commands that write an NDEF message into a Type 4 tag's NDEF file, in the
/// order that survives a tear (nfcpy `tt4.py` `_write_ndef_data`; Android `rw_t4t.cc`
/// `rw_t4t_update_nlen`; reference §1.4):
///
/// - NLEN and the message fit one UPDATE BINARY (≤ the write chunk): one `.whole` write at 0.
/// - Otherwise NLEN := 00 00 (`.clearLength`), the message from offset 2 (4 after an ENLEN) in
///   chunks ≤ the write chunk (`.data`), then the real NLEN at 0 (`.commit`). A tear before the
///   commit leaves an empty file, never a message with a wrong length.
/// - An empty message (an erase) is NLEN 00 00 alone, as `.commit`: there are no message bytes
///   to protect, and the workflow's "the new state is on the tag once this lands" is this write.
///
/// A write chunk smaller than the length field (MLc 1, or a tiny carrier) is refused rather than
/// splitting NLEN. The plan is made before any command is sent; the workflow selects the NDEF application and
/// ``file`` first.
public struct Type4WritePlan: Sendable, Hashable {
    /// The NDEF file to SELECT before the writes.
    public var file: UInt16
    public var writes: [Type4FileWrite]
    public var chunking: Type4Chunking

    /// The APDUs, in order.
    public var apdus: [CommandAPDU] { writes.map(\.apdu) }

    /// Plans writing `message` into the NDEF file `cc` names, with chunks no larger than the CC
    /// and `carrierLimit` (the largest APDU the carrier passes; ``Type4Chunking``) allow.
    public static func make(message: [UInt8], cc: Type4CapabilityContainer, carrierLimit: Int? = nil)
        -> Result<Type4WritePlan, Type4PlanError>
    {
        let ndef = cc.ndefFile
        guard ndef.writeAccess.isFree else { return .failure(.notWritable(access: ndef.writeAccess)) }
        guard message.count <= cc.maximumMessageBytes else {
            return .failure(
                .tooBig(
                    needed: message.count, capacity: cc.maximumMessageBytes, maximumSize: ndef.maximumSize,
                    lengthFieldBytes: cc.lengthFieldBytes))
        }
        let chunking = Type4Chunking(cc: cc, carrierLimit: carrierLimit)
        guard chunking.writeChunk >= cc.lengthFieldBytes else {
            return .failure(
                .chunkSmallerThanLength(writeChunk: chunking.writeChunk, lengthFieldBytes: cc.lengthFieldBytes))
        }
        let lengthField = Type4NDEFFile.lengthField(message.count, bytes: cc.lengthFieldBytes)
        var writes: [Type4FileWrite] = []
        if message.isEmpty {
            writes = [Type4FileWrite(offset: 0, bytes: lengthField, role: .commit)]
        } else if lengthField.count + message.count <= chunking.writeChunk {
            writes = [Type4FileWrite(offset: 0, bytes: lengthField + message, role: .whole)]
        } else {
            writes.append(
                Type4FileWrite(
                    offset: 0, bytes: [UInt8](repeating: 0, count: lengthField.count), role: .clearLength))
            var start = 0
            while start < message.count {
                let end = min(message.count, start + chunking.writeChunk)
                writes.append(
                    Type4FileWrite(
                        offset: lengthField.count + start, bytes: Array(message[start..<end]), role: .data))
                start = end
            }
            writes.append(Type4FileWrite(offset: 0, bytes: lengthField, role: .commit))
        }
        if let far = writes.first(where: { $0.offset > Type4NDEFFile.maximumShortOffset }) {
            return .failure(.offsetBeyondShortAddressing(offset: far.offset))
        }
        return .success(Type4WritePlan(file: ndef.identifier, writes: writes, chunking: chunking))
    }
}
