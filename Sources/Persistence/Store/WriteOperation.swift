/// What a write-log entry did to the tag.
public enum WriteOperation: String, Sendable, Equatable, CaseIterable {
    /// An NDEF message was written.
    case write
    /// The NDEF data was erased (an empty message written).
    case erase
    /// The tag was formatted for NDEF.
    case format
    /// The tag was locked read-only.
    case lock
}
