import NDEF
import PCSCTransport
import TagWorkflows
import TapCardSupport

/// One tag of a batch: writes `message` to the tag in `session` and reads it back, with the tag
/// engine's workflow for Type 2 tags and the ISO 7816-4 NDEF file for Type 4 tags.
enum BatchWriter {
    struct Result {
        var uid: [UInt8]?
        var bytes: Int
        var verified: Bool
    }

    static func write(_ message: NDEFMessage, to session: PCSCTagSession) async throws -> Result {
        let uid = try? await session.transport.uid()
        if case .isoDep = session.kind {
            let tag = Type4NDEFTag(channel: session.card)
            let bytes = message.encoded()
            try await tag.writeNDEF(bytes)
            let readBack = try await tag.readNDEF()
            return Result(uid: uid, bytes: bytes.count, verified: readBack == bytes)
        }
        let report = try await Type2Tag(transport: session.transport).write(message, verify: true)
        return Result(uid: report.uid?.bytes ?? uid, bytes: report.messageBytes, verified: report.verified)
    }
}
