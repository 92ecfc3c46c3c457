import NDEF
import TagCatalog
import TagEmulator
import TagWorkflows
import TapCardSupport

/// A Type 5 write and verify on emulated chips through the real driver (`Type5Tag.write`),
/// measured from the emulator's command log: requests, WRITE SINGLE BLOCK count, reads, and the
/// modeled air time from `Type5Timing` (ISO/IEC 15693-2 framing at 26 kbit/s, t1, and the block
/// programming time: the ST25DV's 5 ms, assumed for the ICODE SLIX2 — UNVERIFIED). Modeled,
/// never measured. The least a tearing-safe write on a freshly formatted tag needs is one WRITE
/// SINGLE BLOCK per block the TLV covers and one more of the length block (first with length 0,
/// then with the length; the length is 0 already, so no clearing write).
enum Type5WriteBench {
    /// A 137-byte message (the Type 2 bench's vCard size) on an ICODE SLIX2 and an ST25DV04K, as
    /// `tapcard sim new` formats them.
    static func run() async throws -> [ChipWriteFigures] {
        var result: [ChipWriteFigures] = []
        for model in [TagModel.icodeSLIX2, .st25dv04k] {
            let tag = EmulatedType5Tag(model: model)
            let report = try await Type5Tag(channel: tag, declaredModel: model).write(
                ChipWriteFigures.message(137), verify: true)
            let log = tag.commandLog.map(\.request.request.command)
            let blockSize = tag.facts.blockSize
            // Type, length and message from byte 4 (after the CC), plus the Terminator.
            let tlvBytes = 1 + report.lengthFieldBytes + report.messageBytes + 1
            let covered = (4 + tlvBytes - 1) / blockSize - 4 / blockSize + 1
            result.append(
                ChipWriteFigures(
                    model: model, messageBytes: report.messageBytes, commands: log.count,
                    counts: [
                        .init(
                            key: "write_single_block", label: "WRITE SINGLE BLOCK",
                            value: log.filter { $0 == 0x21 || $0 == 0x31 }.count),
                        .init(
                            key: "reads", label: "READ",
                            value: log.filter { [0x20, 0x23, 0x30, 0x33].contains($0) }.count),
                    ],
                    minimum: .init(key: "minimum_block_writes", label: "block writes", value: covered + 1),
                    modeledMicroseconds: tag.modeledAirTimeMicroseconds, verified: report.verified))
        }
        return result
    }
}
