import TagCatalog
import TagFrames

/// The UPDATE BINARY commands that write an NDEF message into a Type 4 tag's NDEF file, in the
/// order that survives a tear at any command, in any of the emulator's tear modes (reference §1.4):
///
/// - NLEN := 00 00 together with the first message bytes (`.clearLength`, one UPDATE from
///   offset 0), the rest of the message in chunks ≤ the write chunk (`.data`), then the real NLEN
///   at 0 (`.commit`). A tear before the commit leaves an empty file; a tear of the commit leaves
///   empty or new (or, when the torn UPDATE programmed only one of NLEN's two bytes of a message
///   over 255 bytes, a length the read reports as an interrupted write).
/// - This is also the order for a message that would fit one UPDATE with its NLEN. nfcpy
///   (`tt4.py` `_write_ndef_data`) and Android (`rw_t4t.cc`) write NLEN and such a message in one
///   command: torn half-way, that leaves the new NLEN in front of a half-old, half-new message, which
///   can decode as neither (Type4TearingTests found it). One UPDATE more buys tearing safety; and
///   where nfcpy and Android send the 2-byte clear on its own, carrying the first message bytes
///   with it keeps the order with one UPDATE less.
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
    /// and `carrierLimit` (the largest APDU the carrier passes; ``Type4Chunking``) allow. With
    /// `chip` (a chip identified by its answers, not the generic Type 4 model), a CC that declares
    /// the NDEF file larger than the chip's own file is refused: no plan writes past the file.
    public static func make(
        message: [UInt8], cc: Type4CapabilityContainer, carrierLimit: Int? = nil, chip: TagModel? = nil
    ) -> Result<Type4WritePlan, Type4PlanError> {
        let ndef = cc.ndefFile
        guard ndef.writeAccess.isFree else { return .failure(.notWritable(access: ndef.writeAccess)) }
        if let chip, chip != .genericType4,
            let file = chip.type4?.files.first(where: { $0.identifier == ndef.identifier }),
            ndef.maximumSize > file.size
        {
            return .failure(
                .ndefFileBeyondChip(
                    fileIdentifier: ndef.identifier, maximumSize: ndef.maximumSize, chipFileBytes: file.size, chip: chip
                ))
        }
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
        } else {
            // NLEN := 0 travels with the first message bytes: the message is invisible until the
            // commit either way, and one UPDATE BINARY is saved.
            let first = min(message.count, chunking.writeChunk - lengthField.count)
            writes.append(
                Type4FileWrite(
                    offset: 0, bytes: [UInt8](repeating: 0, count: lengthField.count) + message[0..<first],
                    role: .clearLength))
            var start = first
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
