import NDEF
import TagTransport
import TapCardSupport

/// A write that started and did not end as planned.
public enum TagWriteError: TapCardError, Equatable {
    /// Page `page` (write `completed + 1` of `total`) was not acknowledged; `state` is what the
    /// tag holds according to the writes that were. When `lengthPageMayBeTorn`, the unacknowledged
    /// write was the page holding the NDEF length, which a tear can leave half-programmed: the tag
    /// then reads as an interrupted write.
    case interrupted(
        page: Int, completed: Int, total: Int, state: TagStateAfterWrite, lengthPageMayBeTorn: Bool,
        cause: ChannelError)
    /// UPDATE BINARY `completed + 1` of `total` (`bytes` bytes at `offset` of Type 4 file `file`) was
    /// not acknowledged; `state` is what the tag holds according to the writes that were. When
    /// `lengthMayBeTorn`, the unacknowledged write was the one holding NLEN and may have landed
    /// half-programmed: the tag then reads as an interrupted write.
    case interruptedUpdate(
        file: UInt16, offset: Int, bytes: Int, completed: Int, total: Int, state: TagStateAfterWrite,
        lengthMayBeTorn: Bool, cause: Type4Failure)
    /// FeliCa Update `completed + 1` of `total` (of `blocks`) was not acknowledged; `state` is what
    /// the card holds according to the Updates that were. When `attributeMayBeTorn`, the
    /// unacknowledged Update wrote the attribute block (block 0) and may have landed part-way: the
    /// card then reads as an interrupted write or as not formatted (its checksum fails).
    case interruptedFeliCaUpdate(
        blocks: [Int], completed: Int, total: Int, state: TagStateAfterWrite, attributeMayBeTorn: Bool,
        cause: Type3Failure)
    /// WRITE SINGLE BLOCK `completed + 1` of `total` (block `block` of a Type 5 tag) was not
    /// acknowledged; `state` is what the tag holds according to the writes that were. When
    /// `lengthMayBeTorn`, the unacknowledged write was the block holding the NDEF TLV's length
    /// and may have landed half-programmed: the tag then reads as an interrupted write.
    case interruptedBlockWrite(
        block: Int, completed: Int, total: Int, state: TagStateAfterWrite, lengthMayBeTorn: Bool,
        cause: Type5Failure)
    /// MIFARE Classic block write `completed + 1` of `total` (block `block`) was not acknowledged;
    /// `state` is what the card holds according to the writes that were. The emulated chip takes a
    /// block write as atomic (UNVERIFIED on cards), so the block holds its old or its new bytes.
    case interruptedClassicWrite(
        block: Int, completed: Int, total: Int, state: TagStateAfterWrite, cause: ClassicFailure)
    /// Every write was acknowledged (`completed` of them, the commit included), so the tag holds
    /// the new message; reading it back to verify failed (`cause`: a tear, a lost tag). The write
    /// is done and not verified: it is never reported lost.
    case readBackInterrupted(completed: Int, cause: ReadBackCause)
    /// Every write was acknowledged, but reading the tag back gave different content.
    case verificationFailed(expectedBytes: Int, readBytes: Int?)
    /// The tag holds exactly the bytes written, but record `record` (1-based, of `records`) does
    /// not decode as its type (`error`, offsets from the start of its payload): `read` would call
    /// it malformed, so the write is not verified.
    case malformedRecord(record: Int, records: Int, type: [UInt8], error: NDEFError)

    /// What the tag holds after this error, as far as the acknowledged steps tell: the same rule
    /// for every tag type. `nil` when the read-back found something else (nobody can say why).
    public var stateAfter: TagStateAfterWrite? {
        switch self {
        case .interrupted(_, _, _, let state, _, _): state
        case .interruptedUpdate(_, _, _, _, _, let state, _, _): state
        case .interruptedFeliCaUpdate(_, _, _, let state, _, _): state
        case .interruptedBlockWrite(_, _, _, let state, _, _): state
        case .interruptedClassicWrite(_, _, _, let state, _): state
        case .readBackInterrupted, .malformedRecord: .new
        case .verificationFailed: nil
        }
    }

    /// True for ``readBackInterrupted(completed:cause:)``: the write is done, its check is not.
    public var isReadBackInterrupted: Bool {
        if case .readBackInterrupted = self { return true }
        return false
    }

    public var origin: ErrorOrigin {
        switch self {
        case .interrupted(_, _, _, _, _, let cause): cause.origin
        case .interruptedUpdate(_, _, _, _, _, _, _, let cause): cause.origin
        case .interruptedFeliCaUpdate(_, _, _, _, _, let cause): cause.origin
        case .interruptedBlockWrite(_, _, _, _, _, let cause): cause.origin
        case .interruptedClassicWrite(_, _, _, _, let cause): cause.origin
        case .readBackInterrupted(_, let cause): cause.origin
        case .verificationFailed: .tag
        // The message asked for was the problem, not the tag: it holds what was sent.
        case .malformedRecord: .input
        }
    }

    public var sentence: String {
        switch self {
        case .interrupted(let page, let completed, let total, let state, let torn, let cause):
            var text =
                "The write stopped at page \(page) (write \(completed + 1) of \(total)): \(cause.sentence) The tag holds \(state.phrase)."
            if torn {
                text += " If reading it reports an interrupted write, rewrite this tag."
            }
            return text
        case .interruptedUpdate(
            let file, let offset, let bytes, let completed, let total, let state, let torn, let cause):
            let name = Hex.encode([UInt8(file >> 8), UInt8(file & 0xFF)], uppercase: true)
            var text =
                "The write stopped at UPDATE BINARY \(completed + 1) of \(total) (\(bytes) bytes at offset \(offset) of file \(name)): \(cause.sentence) The tag holds \(state.phrase)."
            if torn {
                text += " If reading it reports an interrupted write, rewrite this tag."
            }
            return text
        case .interruptedFeliCaUpdate(let blocks, let completed, let total, let state, let torn, let cause):
            let which =
                blocks.count == 1 ? "block \(blocks[0])" : "blocks \(blocks.map(String.init).joined(separator: ", "))"
            var text =
                "The write stopped at Update \(completed + 1) of \(total) (\(which)): \(cause.sentence) The tag holds \(state.phrase)."
            if [.empty, .oldOrEmpty, .emptyOrNew].contains(state) {
                text +=
                    " On a FeliCa card \"empty\" is WriteF 0F in the attribute block: readers see an interrupted write, no valid message, until it is rewritten."
            }
            if torn {
                text += " If reading it reports an interrupted write or no NDEF format, rewrite this tag."
            }
            return text
        case .interruptedBlockWrite(let block, let completed, let total, let state, let torn, let cause):
            var text =
                "The write stopped at block \(block) (WRITE SINGLE BLOCK \(completed + 1) of \(total)): \(cause.sentence) The tag holds \(state.phrase)."
            if torn {
                text += " If reading it reports an interrupted write, rewrite this tag."
            }
            return text
        case .interruptedClassicWrite(let block, let completed, let total, let state, let cause):
            return
                "The write stopped at block \(block) (MIFARE Classic WRITE \(completed + 1) of \(total)): \(cause.sentence) The card holds \(state.phrase)."
        case .readBackInterrupted(let completed, let cause):
            return
                "Every write was acknowledged (\(completed) of \(completed), the commit included), so the tag holds the new message; reading it back to verify failed: \(cause.sentence) Read the tag to check it."
        case .verificationFailed(let expected, let read?):
            return
                "Every page write was acknowledged, but reading the tag back gave \(read) bytes of different content instead of the \(expected) bytes written; rewrite this tag."
        case .verificationFailed(let expected, nil):
            return
                "Every page write was acknowledged, but reading the tag back found no message instead of the \(expected) bytes written; rewrite this tag."
        case .malformedRecord(let record, let records, let type, let error):
            let offset = error.offset.map { " (payload byte \($0))" } ?? ""
            let typeName = String(decoding: type, as: UTF8.self)
            return
                "Every page write was acknowledged and the tag holds the bytes written, but record \(record) of \(records) (type \"\(typeName)\") does not decode: \(error.rule)\(offset) A reader calls it malformed, so the write is not verified; write a valid record instead."
        }
    }
}
