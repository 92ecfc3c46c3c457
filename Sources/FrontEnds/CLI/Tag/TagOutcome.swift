import NDEF
import TagWorkflows

/// What a virtual tag holds after an interrupted write, compared with before it and with the
/// message that was being written, on every tag type.
enum TagOutcome: String {
    case old
    case empty
    case new
    case interruptedWrite = "interrupted-write"
    case other

    /// Compares what the tag reads as now with what it read as before the write and with the
    /// message that was being written.
    static func classify(before: NDEFContent, after: NDEFContent, newMessage: [UInt8]) -> TagOutcome {
        if case .interrupted = after { return .interruptedWrite }
        // A tag with no NDEF Message TLV, or a malformed TLV area, that nothing reached holds
        // what it held: no message, old or new.
        if after == before, after.bytes == nil { return .old }
        guard let bytes = after.bytes else { return .other }
        if bytes == before.bytes { return bytes.isEmpty ? .empty : .old }
        if bytes == newMessage { return .new }
        if bytes.isEmpty { return .empty }
        return .other
    }

    var phrase: String {
        switch self {
        case .old: "the old message"
        case .empty: "an empty message"
        case .new: "the new message"
        case .interruptedWrite: "an interrupted write (rewrite this tag)"
        case .other: "a message that is neither the old nor the new one"
        }
    }
}
