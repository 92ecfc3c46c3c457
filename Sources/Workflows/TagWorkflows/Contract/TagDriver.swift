import NDEF

/// The one contract every tag type keeps, whatever carries it (the emulator, a PC/SC reader,
/// CoreNFC): a front end holds `any TagDriver` and writes each verb once.
///
/// Each verb returns the envelope (``TagReport``, ``TagWriteOutcome``) with the per-type detail
/// inside. The type-specific entry points (`Type4Tag.write(_:verify:)` returning a
/// `Type4WriteReport`, …) stay for callers that want the detail's type; the contract's verbs are
/// written over them, so both give the same answers.
///
/// The promises, checked for every type by the conformance suite: a refusal (origin `input` or
/// `refusal`) sends nothing that changes the tag; a write that stops says what the tag holds
/// (``TagWriteError/stateAfter``), and that is what the tag then reads as; a write whose commit
/// was acknowledged is never reported lost; "verified" means the read-back decodes to the records
/// written.
public protocol TagDriver: AnyObject {
    /// Identifies the tag (UID, chip, how it knows).
    func identifyTag() async throws -> TagFacts
    /// Reads the NDEF message with as few commands as the chip allows.
    func readTag() async throws -> TagReport
    /// Reads everything `info` shows (the detail is the type's inspection).
    func inspectTag() async throws -> TagReport
    /// Writes `message` in the tearing-safe order of the type's mapping.
    func writeMessage(_ message: NDEFMessage, verify: Bool) async throws -> TagWriteOutcome
    /// Empties the NDEF message.
    func eraseMessage(verify: Bool) async throws -> TagWriteOutcome
}
