/// What a read-back was found to match. "Verified" means the read-back decodes to the same
/// records (the house rule); this says which of the two checks held.
public enum VerificationMatch: String, Sendable, Equatable {
    /// The bytes read are the bytes written (so the records are too).
    case bytes
    /// The records are the same, the bytes are not: the tag (or something between) holds another
    /// encoding of the same message, e.g. a long record where a short one was written.
    case recordsOnly = "records-only"
}
