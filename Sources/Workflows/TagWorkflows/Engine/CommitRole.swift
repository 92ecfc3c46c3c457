/// Where a write step stands in the tearing-safe order every tag type keeps: first the length
/// that says "empty" (Type 2/5: the NDEF TLV length; Type 4: NLEN; Type 3: WriteF on), then the
/// message, then the length that says "here is the new message". The write engine judges an
/// interruption from these roles alone, whatever the technology.
public enum CommitRole: Sendable, Equatable {
    /// Sets the message length to 0: from here on a tear leaves an empty message.
    case clearLength
    /// Message bytes, TLV headers or terminators, invisible until the commit.
    case data
    /// Writes the real length: once this lands the tag holds the new message.
    case commit
    /// Anything else (CC, lock bits, configuration): not part of a message write.
    case other
}
