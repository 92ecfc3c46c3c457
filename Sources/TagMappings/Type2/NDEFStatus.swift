/// What a reader may do with a tag's NDEF data, in CoreNFC's terms (`NFCNDEFStatus`).
public enum NDEFStatus: String, Sendable, Equatable {
    /// No valid Capability Container (not formatted) or read access denied.
    case notSupported
    /// Formatted, CC grants write access.
    case readWrite
    /// Formatted, CC denies write access (access byte 0x0F after locking).
    case readOnly
}
