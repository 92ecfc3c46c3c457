/// The NDEF status of a tag, one word for every tag type: the NFC Forum's "INITIALIZED" state is
/// ``readWrite`` with an empty message.
public enum TagNDEFStatus: String, Sendable, Equatable, CaseIterable {
    /// No NDEF structure TapCard can use: no Capability Container (Type 2, Type 5), no NDEF
    /// application or CC file (Type 4), no valid attribute block or NDEF not enabled (Type 3).
    /// `format` makes one.
    case notFormatted = "not-formatted"
    /// Formatted, and the tag lets the message be written.
    case readWrite = "read-write"
    /// Formatted, and the tag (its CC, lock bits, attribute block or file access) refuses writes.
    case readOnly = "read-only"
}
