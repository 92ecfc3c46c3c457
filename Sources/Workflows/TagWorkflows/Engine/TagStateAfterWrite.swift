/// What a tag holds after a write that did not finish, as far as the acknowledged writes tell.
public enum TagStateAfterWrite: String, Sendable, Equatable {
    /// The old message, untouched.
    case old
    /// An empty NDEF message.
    case empty
    /// The new message (only its acknowledgement was lost).
    case new
    /// The old message, or empty if the last write landed.
    case oldOrEmpty = "old-or-empty"
    /// Empty, or the new message if the last write landed.
    case emptyOrNew = "empty-or-new"
    /// The old message, or the new one (the write was a single page).
    case oldOrNew = "old-or-new"

    public var phrase: String {
        switch self {
        case .old: "the old message"
        case .empty: "an empty message"
        case .new: "the new message"
        case .oldOrEmpty: "the old message, or an empty message if the last write landed"
        case .emptyOrNew: "an empty message, or the new message if the last write landed"
        case .oldOrNew: "the old message, or the new message if the last write landed"
        }
    }
}
