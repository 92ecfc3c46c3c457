import CoreNFCTransport
import NDEF
import TagTransport
import TagWorkflows

/// Which of TapCard's own drivers runs on the tag of a phone session, and what it returns to the
/// screens: the ``/TagWorkflows/Recognizer`` picks the driver from the channels iOS offers
/// (ISO-DEP → Type 4, ISO 15693 → Type 5, FeliCa → Type 3), the same ladder as the desk's, and
/// every verb goes through ``/TagWorkflows/TagDriver``. A tag that offers only NFC-A frames (an
/// NTAG21x, an Ultralight) is read and written by iOS's own NDEF calls here, as before.
///
/// `nil` means no driver recognised the tag, and iOS's own NDEF calls take over in the same
/// session (``/TagWorkflows/Recognizer/meansNotThisType(_:)``): a Type 4 tag that answered SELECT
/// of the NDEF application with 6A 82 or whose SELECT iOS refused, a carrier that refused the
/// Type 5 or Type 3 commands, a FeliCa card that answered neither polling for 12FC nor for FFFF.
/// A Type 5 tag without a CC, or a FeliCa card that does not answer 12FC, *is* recognised: the
/// scan shows it as not NDEF-formatted with its block 0 (iOS would only say "no NDEF"), and a
/// write or lock is refused with those figures before anything is sent.
///
/// The functions run on their caller's actor (the view model's), as the session's driver closure
/// does, so the non-Sendable connection never crosses isolation domains.
enum PhoneDrivers {
    /// The driver for the tag of `connection`, `nil` when it offers only NFC-A frames (iOS's own
    /// calls serve it) or no channel TapCard speaks.
    static func driver(for connection: PhoneTagConnection) -> (any TagDriver)? {
        guard connection.isoDep != nil || connection.iso15693 != nil || connection.felica != nil else { return nil }
        return Recognizer.driver(for: connection)
    }

    /// The Tag Info of the tag, read by the driver for its technology.
    static func inspect(_ connection: PhoneTagConnection) async throws -> TagInfo? {
        guard let driver = driver(for: connection) else { return nil }
        do {
            let report = try await driver.inspectTag()
            return TagInfo(report, technology: connection.technology, carrierUID: connection.uid)
        } catch  where Recognizer.meansNotThisType(error) {
            return nil
        }
    }

    /// Writes `message` with the driver for the tag's technology, verified by reading it back.
    static func write(_ message: NDEFMessage, on connection: PhoneTagConnection) async throws -> WriteReportCard? {
        guard let driver = driver(for: connection) else { return nil }
        do {
            let outcome = try await driver.writeMessage(message, verify: true)
            return WriteReportCard(outcome, technology: connection.technology, carrierUID: connection.uid)
        } catch  where Recognizer.meansNotThisType(error) {
            return nil
        }
    }

    /// Locks the tag for good with the driver for its technology (the screen has had the typed
    /// confirmation), read back to verify. A driver of a type TapCard cannot lock answers with
    /// the contract's ``/TagWorkflows/VerbRefusal`` before anything is sent.
    static func lock(_ connection: PhoneTagConnection) async throws -> TagManagementOutcome? {
        guard let driver = driver(for: connection) else { return nil }
        do {
            guard let lockable = driver as? any LockableTag else {
                let facts = try await driver.identifyTag()
                throw VerbRefusal(verb: "lock", facts: facts, reason: "cannot be made read-only by TapCard")
            }
            return try await lockable.lockTag(confirmation: .permanent, key: nil)
        } catch  where Recognizer.meansNotThisType(error) {
            return nil
        }
    }
}
