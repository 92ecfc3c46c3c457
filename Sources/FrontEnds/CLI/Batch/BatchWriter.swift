import CommandLineKit
import NDEF
import PCSCTransport
import TagWorkflows
import TapCardSupport

/// One tag of a batch: writes `message` to the tag in `session` and reads it back, with the tag
/// engine's drivers: Type 2 pages, or the Type 4 NDEF file in the tearing-safe NLEN order.
enum BatchWriter {
    struct Result {
        var uid: [UInt8]?
        var bytes: Int
        var verified: Bool
        /// The Type 2 write's report (nil on a Type 4 tag).
        var report: WriteReport?
    }

    /// Writes, reads back, and records the tag in the TapCard database like `tapcard write`.
    static func write(
        _ message: NDEFMessage, to session: PCSCTagSession, password: PasswordOptions = PasswordOptions(),
        recording: TagRecording, io: some CommandIO
    ) async throws -> Result {
        let uid = try? await session.transport.uid()
        if case .isoDep = session.kind {
            let carrier = session.detected.identifier
            let report = try await Type4Tag(channel: session.isoDepCard, uid: carrier.isEmpty ? nil : carrier)
                .write(message, verify: true)
            recording.record(TagWriteOutcome(report), operation: .write, io: io)
            return Result(uid: report.uid ?? uid, bytes: report.messageBytes, verified: report.verified, report: nil)
        }
        let report = try await password.session(session.transport).write(message, verify: true)
        recording.record(TagWriteOutcome(report), operation: .write, io: io)
        return Result(
            uid: report.uid?.bytes ?? uid, bytes: report.messageBytes, verified: report.verified, report: report)
    }
}
