import TagEmulator
import TagFrames
import TapCardSupport
import Testing

/// Hex as the reference writes it, to bytes.
func bytes(_ text: String) -> [UInt8] {
    (try? Hex.decode(text)) ?? []
}

/// A command APDU written in hex (the trace's bytes after the ISO-DEP PCB).
func apdu(_ text: String) throws -> CommandAPDU {
    try CommandAPDU.parse(bytes(text)).get()
}

extension EmulatedType4Tag {
    /// Sends an APDU written in hex and returns the response's bytes (data ‖ SW).
    func exchange(_ text: String) async throws -> [UInt8] {
        try await transmit(try apdu(text)).bytes
    }
}
