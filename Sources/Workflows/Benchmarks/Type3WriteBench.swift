import NDEF
import TagCatalog
import TagEmulator
import TagWorkflows
import TapCardSupport

/// A Type 3 write and verify on an emulated FeliCa Lite-S through the real driver
/// (`Type3Tag.write`), measured from the emulator's command log (commands, Updates, Checks,
/// modeled air time from `Type3Timing` at 212 kbit/s with the PMm's maximum response times: an
/// upper bound, modeled, never measured), against the least a write and verify of the same message
/// needs: a Check of block 0, the WriteF 0F Update, ⌈n / 16⌉ data Updates (Nbw 1), the commit
/// Update, then a Check of block 0 and ⌈⌈n / 16⌉ / 4⌉ data Checks (Nbr 4). The driver also polls
/// (12FC), reads the MC block (to refuse read-only S_PAD blocks) and the message it replaces (for
/// `previous_ndef_hex` and the interruption verdict): the difference is exactly those commands.
enum Type3WriteBench {
    /// A 100-byte message (7 blocks) and a full card (208 bytes, 13 blocks) on a FeliCa Lite-S
    /// whose old message is 40 bytes (3 blocks), so the driver's reads before the write are counted.
    static func run() async throws -> [ChipWriteFigures] {
        var result: [ChipWriteFigures] = []
        for size in [100, 208] {
            let tag = EmulatedType3Tag(
                model: .feliCaLiteS, idm: [0x01, 0x2E, 0x42, 0x45, 0x4E, 0x43, 0x48, 0x01], formatted: true)
            _ = try await Type3Tag(channel: tag).write(ChipWriteFigures.message(40))
            tag.clearLog()
            let report = try await Type3Tag(channel: tag).write(ChipWriteFigures.message(size), verify: true)
            result.append(figures(tag: tag, report: report))
        }
        return result
    }

    static func figures(tag: EmulatedType3Tag, report: Type3WriteReport) -> ChipWriteFigures {
        let log = tag.commandLog
        let pmm = tag.pmm
        let blocks = (report.messageBytes + 15) / 16
        let nbr = tag.facts.maximumBlocksPerCheck
        // Check of k blocks: code, IDm, 1 service (2 bytes), count, 2 bytes per block; the answer:
        // code, IDm, status flags, count, 16 bytes per block.
        func check(_ count: Int) -> Double {
            Type3Timing.exchangeMicroseconds(
                commandPacketBytes: 13 + 2 * count, responsePacketBytes: 12 + 16 * count, command: 0x06, count: count,
                pmm: pmm)
        }
        // Update of one block: code, IDm, service, count, element, 16 bytes; the answer: code, IDm, flags.
        let update = Type3Timing.exchangeMicroseconds(
            commandPacketBytes: 31, responsePacketBytes: 11, command: 0x08, count: 1, pmm: pmm)
        let dataChecks = (blocks + nbr - 1) / nbr
        var minimum = check(1) + Double(blocks + 2) * update + check(1)
        var left = blocks
        while left > 0 {
            minimum += check(min(left, nbr))
            left -= nbr
        }
        return ChipWriteFigures(
            model: tag.model, messageBytes: report.messageBytes, commands: log.count,
            counts: [
                .init(key: "update", label: "Update", value: log.filter { $0.command.code == 0x08 }.count),
                .init(key: "check", label: "Check", value: log.filter { $0.command.code == 0x06 }.count),
            ],
            minimum: .init(key: "minimum_commands", label: "cmds", value: 1 + (blocks + 2) + 1 + dataChecks),
            modeledMicroseconds: tag.modeledAirTimeMicroseconds, minimumMicroseconds: minimum, verified: report.verified
        )
    }
}
