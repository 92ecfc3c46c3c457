import NDEF
import TagCatalog
import TagWorkflows
import Type2

/// What a virtual tag holds after an interrupted write, compared with before it and with the
/// message that was being written: read straight from the emulated memory (no commands).
enum TagOutcome: String {
    case old
    case empty
    case new
    case interruptedWrite = "interrupted-write"
    case other

    static func classify(before: [UInt8], after: [UInt8], newMessage: [UInt8], model: TagModel) -> TagOutcome {
        let old = NDEFContent.from(Type2Snapshot(memory: before, model: model))
        let now = NDEFContent.from(Type2Snapshot(memory: after, model: model))
        if case .interrupted = now { return .interruptedWrite }
        guard let bytes = now.bytes else { return .other }
        if bytes == old.bytes { return bytes.isEmpty ? .empty : .old }
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
