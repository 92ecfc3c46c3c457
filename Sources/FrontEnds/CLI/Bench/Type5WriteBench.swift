import NDEF
import TagCatalog
import TagEmulator
import TagWorkflows

/// A Type 5 write and verify on emulated chips through the real driver (`Type5Tag.write`),
/// measured from the emulator's command log: requests, WRITE SINGLE BLOCK count, reads, and the
/// modeled air time from `Type5Timing` (ISO/IEC 15693-2 framing at 26 kbit/s, t1, and the block
/// programming time: the ST25DV's 5 ms, assumed for the ICODE SLIX2 — UNVERIFIED). Modeled,
/// never measured. The least a tearing-safe write on a freshly formatted tag needs is one WRITE
/// SINGLE BLOCK per block the TLV covers and one more of the length block (first with length 0,
/// then with the length; the length is 0 already, so no clearing write).
enum Type5WriteBench {
    struct Figures {
        var model: TagModel
        var messageBytes: Int
        var commands: Int
        var blockWrites: Int
        var reads: Int
        var minimumBlockWrites: Int
        var modeledMicroseconds: Double
        var verified: Bool

        var json: JSON {
            .object([
                ("model", .string(model.rawValue)), ("message_bytes", .int(messageBytes)),
                ("commands", .int(commands)), ("write_single_block", .int(blockWrites)),
                ("reads", .int(reads)), ("minimum_block_writes", .int(minimumBlockWrites)),
                ("modeled_air_time_ms", JSONContract.rounded(modeledMicroseconds / 1000, places: 2)),
                ("verified", .bool(verified)),
            ])
        }
    }

    /// A 137-byte message (the Type 2 bench's vCard size) on an ICODE SLIX2 and an ST25DV04K, as
    /// `tapcard sim new` formats them.
    static func run() async throws -> [Figures] {
        var result: [Figures] = []
        for model in [TagModel.icodeSLIX2, .st25dv04k] {
            let tag = EmulatedType5Tag(model: model)
            let size = 137
            let payload = [UInt8]((0..<(size - 3)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            let message = NDEFMessage(records: [NDEFRecord(tnf: .unknown, type: [], payload: payload)])
            let report = try await Type5Tag(channel: tag, declaredModel: model).write(message, verify: true)
            let log = tag.commandLog.map(\.request.request.command)
            let blockSize = tag.facts.blockSize
            // Type, length and message from byte 4 (after the CC), plus the Terminator.
            let tlvBytes = 1 + report.lengthFieldBytes + report.messageBytes + 1
            let covered = (4 + tlvBytes - 1) / blockSize - 4 / blockSize + 1
            result.append(
                Figures(
                    model: model, messageBytes: report.messageBytes, commands: log.count,
                    blockWrites: log.filter { $0 == 0x21 || $0 == 0x31 }.count,
                    reads: log.filter { [0x20, 0x23, 0x30, 0x33].contains($0) }.count, minimumBlockWrites: covered + 1,
                    modeledMicroseconds: tag.modeledAirTimeMicroseconds, verified: report.verified))
        }
        return result
    }
}
