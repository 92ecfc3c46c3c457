import NDEF
import TLVArea
import Type2

/// What a tag's NDEF area holds, as a reader sees it.
public enum NDEFContent: Sendable, Equatable {
    /// No NDEF Capability Container.
    case notFormatted
    /// Formatted, and the NDEF TLV is absent or has length 0.
    case empty
    /// A message that decodes, with its bytes as stored.
    case message(NDEFMessage, bytes: [UInt8])
    /// Formatted, but the TLVs or the message do not decode: a write was interrupted.
    case interrupted(TagReadError)
    /// The tag refused to read its memory from `fromPage` on without the password (ACCESS.PROT),
    /// and the message (or the CC) lies there.
    case passwordProtected(fromPage: Int)

    /// Reads the content from a snapshot (which must cover the NDEF TLV).
    public static func from(_ snapshot: Type2Snapshot) -> NDEFContent {
        if let refused = snapshot.readRefusedFromPage {
            if snapshot.memory.count < 16 { return .passwordProtected(fromPage: refused) }
            if case .notRead? = snapshot.walk?.problem { return .passwordProtected(fromPage: refused) }
            if let ndef = snapshot.walk?.ndef, ndef.message.count < ndef.length {
                return .passwordProtected(fromPage: refused)
            }
        }
        guard snapshot.status != .notSupported, let walk = snapshot.walk else { return .notFormatted }
        return from(walk: walk)
    }

    /// What a formatted tag's TLV walk holds (Type 2 after its CC, Type 5 after its CC): the NDEF
    /// message, empty, or an interrupted write named by the walk's problem.
    public static func from(walk: TLVWalk) -> NDEFContent {
        if let ndef = walk.ndef {
            if ndef.length == 0 { return .empty }
            do {
                return .message(try NDEFMessage.decode(ndef.message), bytes: ndef.message)
            } catch {
                return .interrupted(
                    .interruptedWrite(detail: "the \(ndef.length)-byte NDEF message does not decode: \(error.sentence)")
                )
            }
        }
        switch walk.problem {
        case nil:
            return .empty
        case .lengthBeyondDataArea(let offset, let length, let available)?:
            return .interrupted(
                .interruptedWrite(
                    detail:
                        "the TLV at data-area offset \(offset) declares \(length) bytes but only \(available) remain"))
        case .missingLength(let offset)?:
            return .interrupted(.interruptedWrite(detail: "the TLV at data-area offset \(offset) has no length"))
        case .malformedControl(let offset, let length)?:
            return .interrupted(
                .interruptedWrite(detail: "the control TLV at data-area offset \(offset) has length \(length), not 3"))
        case .notRead(let upTo)?:
            return .interrupted(.interruptedWrite(detail: "memory up to byte \(upTo) could not be read"))
        case .typeNotAllowed(let offset, let typeByte)?:
            // Type 5 only (Type 2 honours control TLVs); kept total for the shared problem type.
            return .interrupted(
                .interruptedWrite(
                    detail: "the TLV at data-area offset \(offset) has type \(typeByte), not allowed here"))
        }
    }

    /// The message, when there is one; an empty message for `.empty`.
    public var message: NDEFMessage? {
        switch self {
        case .message(let message, _): message
        case .empty: NDEFMessage(records: [])
        default: nil
        }
    }

    /// The message bytes as stored (empty for `.empty`).
    public var bytes: [UInt8]? {
        switch self {
        case .message(_, let bytes): bytes
        case .empty: []
        default: nil
        }
    }
}
