import NDEF
import TagCatalog
import TagEmulator
import TagWorkflows
import TapCardSupport
import Type4

/// A Type 4 write and verify on emulated chips through the real driver (`Type4Tag.write`),
/// measured from the emulator's command log (APDUs, bytes programmed, modeled air time from
/// `Type4Timing`; modeled, never measured), against the least a write and verify of the same
/// message needs: one SELECT sequence (application, CC file, one READ of the CC, NDEF file),
/// ⌈(NLEN + message) / MLc⌉ UPDATE BINARY, the NLEN commit, ⌈(NLEN + message) / MLe⌉ READ BINARY.
/// The driver also identifies the chip (GetVersion: three frames and a SELECT again on an NTAG 424
/// DNA, one refused frame on a plain T4T) and reads the message it replaces (for the report's
/// `previous_ndef_hex` and the interruption verdict): the difference is exactly those commands.
enum Type4WriteBench {
    /// A 250-byte message on an NTAG 424 DNA (MLe 256, MLc 255: two UPDATEs and a commit) and a
    /// 1,000-byte one on the generic T4T (MLe 59, MLc 52: many chunks).
    static func run() async throws -> [ChipWriteFigures] {
        var result: [ChipWriteFigures] = []
        for (model, size) in [(TagModel.ntag424DNA, 250), (.genericType4, 1000)] {
            let tag = EmulatedType4Tag(model: model, uid: [0x04, 0x24, 0x4D, 0x4E, 0x41, 0x10, 0x01])
            let report = try await Type4Tag(channel: tag).write(ChipWriteFigures.message(size), verify: true)
            result.append(figures(tag: tag, report: report))
        }
        return result
    }

    static func figures(tag: EmulatedType4Tag, report: Type4WriteReport) -> ChipWriteFigures {
        let log = tag.commandLog
        let cc = try? Type4CapabilityContainer.parse(tag.facts.files[0].contents).get()
        let mle = min(cc?.maximumResponseData ?? 256, 256)
        let mlc = min(cc?.maximumCommandData ?? 255, 255)
        let field = report.lengthFieldBytes
        let total = field + report.messageBytes
        // The message with NLEN 00 00 in front, in chunks of MLc, then the NLEN commit.
        let updates = max(1, (total + mlc - 1) / mlc) + 1
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
        minimum += exchange(5 + field, 2, written: field)
        left = total
        while left > 0 {
            let chunk = min(left, mle)
            minimum += exchange(5, chunk + 2)
            left -= chunk
        }
        return ChipWriteFigures(
            model: tag.model, messageBytes: report.messageBytes, limits: [("mle", mle), ("mlc", mlc)],
            commands: log.count,
            counts: [
                .init(key: "update_binary", label: "UPDATE", value: log.filter { $0.command.ins == 0xD6 }.count),
                .init(key: "read_binary", label: "READ", value: log.filter { $0.command.ins == 0xB0 }.count),
            ],
            minimum: .init(key: "minimum_commands", label: "cmds", value: 4 + updates + reads),
            modeledMicroseconds: tag.modeledAirTimeMicroseconds, minimumMicroseconds: minimum, verified: report.verified
        )
    }
}
