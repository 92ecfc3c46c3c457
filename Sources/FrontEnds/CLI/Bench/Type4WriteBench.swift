import NDEF
import TagCatalog
import TagEmulator
import TagWorkflows
import Type4

/// A Type 4 write and verify on emulated chips through the real driver (`Type4Tag.write`),
/// measured from the emulator's command log (APDUs, bytes programmed, modeled air time from
/// `Type4Timing`; modeled, never measured), against the least a write and verify of the same
/// message needs: one SELECT sequence (application, CC file, one READ of the CC, NDEF file),
/// ⌈(NLEN + message) / MLc⌉ UPDATE BINARY, the NLEN commit, ⌈(NLEN + message) / MLe⌉ READ BINARY.
/// The driver also identifies the chip (GetVersion) and reads the message it replaces (for the
/// report's `previous_ndef_hex` and the interruption verdict): the difference is those commands.
enum Type4WriteBench {
    struct Figures {
        var model: TagModel
        var messageBytes: Int
        var mle: Int
        var mlc: Int
        var commands: Int
        var updates: Int
        var reads: Int
        var minimumCommands: Int
        var modeledMicroseconds: Double
        var minimumMicroseconds: Double
        var verified: Bool

        var ratio: Double { minimumMicroseconds > 0 ? modeledMicroseconds / minimumMicroseconds : 0 }

        var json: JSON {
            .object([
                ("model", .string(model.rawValue)), ("message_bytes", .int(messageBytes)), ("mle", .int(mle)),
                ("mlc", .int(mlc)), ("commands", .int(commands)), ("update_binary", .int(updates)),
                ("read_binary", .int(reads)), ("minimum_commands", .int(minimumCommands)),
                ("modeled_air_time_ms", JSONContract.rounded(modeledMicroseconds / 1000, places: 2)),
                ("minimum_ms", JSONContract.rounded(minimumMicroseconds / 1000, places: 2)),
                ("ratio", JSONContract.rounded(ratio, places: 3)), ("verified", .bool(verified)),
            ])
        }
    }

    /// A 250-byte message on an NTAG 424 DNA (MLe 256, MLc 255: two UPDATEs and a commit) and a
    /// 1,000-byte one on the generic T4T (MLe 59, MLc 52: many chunks).
    static func run() async throws -> [Figures] {
        var result: [Figures] = []
        for (model, size) in [(TagModel.ntag424DNA, 250), (.genericType4, 1000)] {
            let tag = EmulatedType4Tag(model: model, uid: [0x04, 0x24, 0x4D, 0x4E, 0x41, 0x10, 0x01])
            // One record of TNF 5 whose encoded message is exactly `size` bytes.
            let payload = [UInt8]((0..<(size - 6)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            let message = NDEFMessage(records: [NDEFRecord(tnf: .unknown, type: [], payload: payload)])
            let report = try await Type4Tag(channel: tag).write(message, verify: true)
            result.append(figures(tag: tag, report: report))
        }
        return result
    }

    static func figures(tag: EmulatedType4Tag, report: Type4WriteReport) -> Figures {
        let log = tag.commandLog
        let cc = try? Type4CapabilityContainer.parse(tag.facts.files[0].contents).get()
        let mle = min(cc?.maximumResponseData ?? 256, 256)
        let mlc = min(cc?.maximumCommandData ?? 255, 255)
        let field = report.lengthFieldBytes
        let total = field + report.messageBytes
        let updates = max(1, (total + mlc - 1) / mlc) + (total > mlc ? 1 : 0)
        let reads = max(1, (total + mle - 1) / mle)
        let frame = tag.facts.frameSize
        func exchange(_ command: Int, _ response: Int, written: Int = 0) -> Double {
            Type4Timing.exchangeMicroseconds(
                commandBytes: command, responseBytes: response, bytesWritten: written, tagFrameSize: frame)
        }
        // SELECT by AID (13 bytes), SELECT EF (7), READ BINARY of the CC (5 → 15 + 2), SELECT EF.
        var minimum = exchange(13, 2) + exchange(7, 2) + exchange(5, 17) + exchange(7, 2)
        var left = total
        while left > 0 {
            let chunk = min(left, mlc)
            minimum += exchange(5 + chunk, 2, written: chunk)
            left -= chunk
        }
        if total > mlc { minimum += exchange(5 + field, 2, written: field) }
        left = total
        while left > 0 {
            let chunk = min(left, mle)
            minimum += exchange(5, chunk + 2)
            left -= chunk
        }
        return Figures(
            model: tag.model, messageBytes: report.messageBytes, mle: mle, mlc: mlc, commands: log.count,
            updates: log.filter { $0.command.ins == 0xD6 }.count, reads: log.filter { $0.command.ins == 0xB0 }.count,
            minimumCommands: 4 + updates + reads, modeledMicroseconds: tag.modeledAirTimeMicroseconds,
            minimumMicroseconds: minimum, verified: report.verified)
    }
}
