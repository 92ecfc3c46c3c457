import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TestSupport
import Testing
import Type2

@testable import TagWorkflows

@Suite struct WriteWorkflowTests {
    func writeCommands(_ tag: EmulatedTag) -> [[UInt8]] {
        tag.commandLog.map(\.command).filter { $0.first == 0xA2 }
    }

    @Test func writeVerifiesAndReportsFigures() async throws {
        let tag = EmulatedTag(model: .ntag213)
        let message = NDEFMessage(records: [.uri("https://example.com/tapcard")])
        let report = try await Type2Tag(transport: tag).write(message)
        #expect(report.verified)
        #expect(report.messageBytes == message.encoded().count)
        #expect(report.capacity == Capacity(bytes: 137, source: .reported, model: .ntag213))
        #expect(report.writes.count == writeCommands(tag).count)
        #expect(report.writeStatistics.commands + report.verifyStatistics.commands == tag.commandLog.count)
        // The modeled air time is the emulator's own sum of the same datasheet model.
        let total = report.writeStatistics.modeledMicroseconds + report.verifyStatistics.modeledMicroseconds
        #expect(abs(total - tag.modeledAirTimeMicroseconds) < 0.001)
        let read = try await Type2Tag(transport: tag).read()
        #expect(read.content.message == message)
    }

    @Test func rewritingTheSameMessageWritesNoPage() async throws {
        let tag = EmulatedTag(model: .ntag215)
        var rng = SplitMix64(seed: 7)
        let message = Messages.exactly(300, using: &rng)
        _ = try await Type2Tag(transport: tag).write(message)
        tag.clearLog()
        let again = try await Type2Tag(transport: tag).write(message)
        #expect(again.writes.isEmpty)
        #expect(writeCommands(tag).isEmpty)
        #expect(again.verified)
    }

    /// Changing one character of a text record rewrites the page holding it, and the length page
    /// (cleared, then committed) — nothing else.
    @Test func changingOneFieldRewritesOnlyAffectedPages() async throws {
        let tag = EmulatedTag(model: .ntag213)
        let first = NDEFMessage(records: [.text("Meet me at the north entrance at nine.")])
        _ = try await Type2Tag(transport: tag).write(first)
        let before = tag.memory
        tag.clearLog()
        let second = NDEFMessage(records: [.text("Meet me at the south entrance at nine.")])
        let report = try await Type2Tag(transport: tag).write(second)
        let changedPages = (0..<(before.count / 4)).filter {
            before[$0 * 4..<$0 * 4 + 4] != tag.memory[$0 * 4..<$0 * 4 + 4]
        }
        // NDEF TLV at byte 21 (after the Lock Control TLV): its length byte is on page 5.
        #expect(changedPages.count == 1)
        #expect(report.pagesWritten == [5] + changedPages)
        #expect(report.writes.map(\.role) == [.clearLength, .data, .commit])
        #expect(writeCommands(tag).count == 3)
    }

    @Test func tooBigIsRefusedBeforeAnyWrite() async throws {
        let tag = EmulatedTag(model: .ntag213)
        var rng = SplitMix64(seed: 9)
        let before = tag.memory
        await #expect(throws: WritePreflightError.tooBig(needed: 138, capacity: 137, source: .reported)) {
            try await Type2Tag(transport: tag).write(Messages.exactly(138, using: &rng))
        }
        #expect(writeCommands(tag).isEmpty)
        #expect(tag.memory == before)
        // The sentence carries the figures, in English ("1 byte", not "1 bytes").
        let sentence = WritePreflightError.tooBig(needed: 138, capacity: 137, source: .reported).sentence
        #expect(sentence.contains("138 bytes") && sentence.contains("at most 137 bytes"))
        #expect(sentence.contains("it is 1 byte too big"))
        #expect(
            WritePreflightError.tooBig(needed: 140, capacity: 137, source: .reported).sentence.contains(
                "3 bytes too big"))
    }

    @Test func lockedTagIsRefusedInPreflightWithNoPageChanged() async throws {
        let tag = EmulatedTag(model: .ntag213)
        _ = try await Type2Tag(transport: tag).write(NDEFMessage(records: [.uri("https://old.example")]))
        tag.makeReadOnly()
        let before = tag.memory
        tag.clearLog()
        await #expect(throws: WritePreflightError.readOnly) {
            try await Type2Tag(transport: tag).write(NDEFMessage(records: [.uri("https://new.example")]))
        }
        #expect(writeCommands(tag).isEmpty)
        #expect(tag.memory == before)
        await #expect(throws: WritePreflightError.readOnly) { try await Type2Tag(transport: tag).erase() }
        #expect(tag.memory == before)
    }

    /// Lock bits set while the CC still says read-write: the pages the message needs are found
    /// locked in preflight.
    @Test func lockBitsAloneAlsoRefuseInPreflight() async throws {
        let tag = EmulatedTag(model: .ntag213)
        tag.memory[11] = 0x01  // static lock bit: page 8
        let before = tag.memory
        var rng = SplitMix64(seed: 3)
        await #expect(throws: WritePreflightError.pageLocked(page: 8)) {
            try await Type2Tag(transport: tag).write(Messages.exactly(60, using: &rng))
        }
        #expect(writeCommands(tag).isEmpty)
        #expect(tag.memory == before)
    }

    @Test func lockIsRefusedWithoutConfirmationAndSendsNothing() async throws {
        let tag = EmulatedTag(model: .ntag213)
        await #expect(throws: LockRefusal.confirmationRequired) {
            try await Type2Tag(transport: tag).lock(confirmation: nil)
        }
        #expect(tag.commandLog.isEmpty)
    }

    @Test func lockMakesTheTagReadOnlyForEver() async throws {
        let tag = EmulatedTag(model: .ntag215)
        let message = NDEFMessage(records: [.text("final")])
        _ = try await Type2Tag(transport: tag).write(message)
        let report = try await Type2Tag(transport: tag).lock(confirmation: .permanent)
        #expect(report.after.status == .readOnly)
        // CC, dynamic lock bits, static lock bits, then CFGLCK in ACCESS (CFG1, page 132).
        #expect(report.writes.map(\.page) == [3, 130, 2, 132])
        #expect(report.writes.last?.role == .configurationLock)
        #expect(tag.memory[132 * 4] & 0x40 != 0)
        let read = try await Type2Tag(transport: tag).read()
        #expect(read.content.message == message)
        // Even bypassing preflight, the chip refuses writes to the data area now.
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive(Type2Command.write(page: 4, bytes: [0, 0, 0, 0]))
        }
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive(Type2Command.write(page: 100, bytes: [0, 0, 0, 0]))
        }
        try await tag.reactivate()
        // Nor can anyone put a password on it now: CFG0 (AUTH0) is frozen by CFGLCK.
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive(Type2Command.write(page: 131, bytes: [0x04, 0, 0, 0x04]))
        }
    }

    /// The workflow's lock leaves the tag as the emulator's own model of a full lock (nfcpy's
    /// steps) does, except the block-locking bits: with every lock bit already set they freeze
    /// nothing more, so TapCard does not spend writes on them.
    @Test func lockMatchesAFullLockButForBlockLockingBits() async throws {
        for model in [TagModel.ntag213, .ntag215, .ntag216, .ultralightEV1_48] {
            let tag = EmulatedTag(model: model, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
            let reference = EmulatedTag(model: model, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
            _ = try await Type2Tag(transport: tag).lock(confirmation: .permanent)
            reference.makeReadOnly()
            var differing = (0..<tag.memory.count).filter { tag.memory[$0] != reference.memory[$0] }
            if let page = model.type2Layout?.dynamicLockPage { differing.removeAll { $0 == page * 4 + 2 } }
            #expect(differing.isEmpty, "\(model): bytes \(differing)")
        }
    }

    /// A tag whose configuration pages are behind a read password: without the password the
    /// lock is refused whole (it could not set CFGLCK, and a lock is never left half-done), the
    /// tag byte-identical; with it, the lock completes, CFGLCK included.
    @Test func lockWithoutReadableConfigurationNeedsThePassword() async throws {
        let tag = EmulatedTag(model: .ntag213)
        tag.memory[41 * 4 + 3] = 41  // AUTH0: from CFG0 on
        tag.memory[42 * 4] |= 0x80  // PROT: reads too
        tag.memory[43 * 4..<44 * 4] = [1, 2, 3, 4]  // PWD
        let before = tag.memory
        await #expect(throws: WritePreflightError.self) {
            _ = try await Type2Tag(transport: tag).lock(confirmation: .permanent)
        }
        #expect(tag.memory == before)
        #expect(!tag.commandLog.contains { $0.command.first == 0xA2 })
        let password = try #require(Type2Password(bytes: [1, 2, 3, 4]))
        let report = try await Type2Tag(transport: tag, password: password).lock(confirmation: .permanent)
        #expect(report.writes.map(\.page) == [3, 40, 2, 42])
        #expect(report.after.status == .readOnly)
        #expect(tag.memory[42 * 4] & 0x40 == 0x40)
    }

    @Test func blankFormattedTagReadsAsEmptyMessage() async throws {
        for model in [TagModel.ntag213, .ntag215, .ntag216] {
            let report = try await Type2Tag(transport: EmulatedTag(model: model)).read()
            #expect(report.content == .empty)
            #expect(report.status == .readWrite)
        }
    }

    @Test func unformattedTagReportsNotFormattedAndCanBeFormatted() async throws {
        for model in [TagModel.ultralight, .ultralightEV1_48, .ntag213, .ntag216] {
            let tag = EmulatedTag(model: model, formatted: false)
            let session = Type2Tag(transport: tag)
            let before = try await session.read()
            #expect(before.content == .notFormatted, "\(model)")
            #expect(before.status == .notSupported)
            await #expect(throws: WritePreflightError.notFormatted) {
                try await session.write(NDEFMessage(records: [.uri("https://x.example")]))
            }
            let formatted = try await session.format()
            #expect(formatted.after.status == .readWrite, "\(model)")
            #expect(try await session.read().content == .empty)
            let message = NDEFMessage(records: [.uri("https://x.example")])
            #expect(try await session.write(message).verified)
            // Holding a message, format is refused in the words every tag type uses.
            await #expect(throws: FormatRefusal.holdsMessage(messageBytes: message.encoded().count)) {
                try await session.format()
            }
            _ = try await session.erase()
            // Erased, the tag is in the format's own finished state: a format sends nothing.
            let settled = tag.memory
            let again = try await session.format()
            #expect(again.writes.isEmpty && again.after.status == .readWrite, "\(model)")
            #expect(tag.memory == settled)
            // A formatted tag with another CC (another tool's, here read-only 0F) is refused.
            var other = tag.memory
            other[15] = 0x0F
            let foreign = EmulatedTag(image: other, model: model)
            await #expect(throws: Type2PlanError.alreadyFormatted(cc: Array(other[12..<16]))) {
                try await Type2Tag(transport: foreign).format()
            }
        }
    }

    @Test func eraseLeavesAnEmptyMessage() async throws {
        let tag = EmulatedTag(model: .ntag216)
        var rng = SplitMix64(seed: 11)
        _ = try await Type2Tag(transport: tag).write(Messages.exactly(700, using: &rng))
        let erased = try await Type2Tag(transport: tag).erase()
        #expect(erased.verified)
        #expect(try await Type2Tag(transport: tag).read().content == .empty)
    }

    /// FAST_READ where the chip has it: an 860-byte message on NTAG216 (NDEF TLV on pages
    /// 4–219) is GET_VERSION, one FAST_READ of pages 0–15 (header and first data), then
    /// FAST_READs of ≤ 60 pages over the rest (16–219: 4). A short URI takes two commands.
    @Test func readUsesFewCommands() async throws {
        let tag = EmulatedTag(model: .ntag216)
        var rng = SplitMix64(seed: 5)
        _ = try await Type2Tag(transport: tag).write(Messages.exactly(860, using: &rng))
        tag.clearLog()
        _ = try await Type2Tag(transport: tag).read()
        let codes = tag.commandLog.map { $0.command[0] }
        #expect(codes == [0x60, 0x3A, 0x3A, 0x3A, 0x3A, 0x3A])
        let short = EmulatedTag(model: .ntag213)
        _ = try await Type2Tag(transport: short).write(NDEFMessage(records: [.uri("https://example.com")]))
        short.clearLog()
        _ = try await Type2Tag(transport: short).read()
        #expect(short.commandLog.map { $0.command[0] } == [0x60, 0x3A])
        // MIFARE Ultralight has neither GET_VERSION nor FAST_READ: 16-byte READs only.
        let ultralight = EmulatedTag(model: .ultralight, formatted: false)
        let session = Type2Tag(transport: ultralight)
        _ = try await session.format()
        _ = try await session.write(NDEFMessage(records: [.uri("https://example.com/abcdefghijklmnop")]))
        ultralight.clearLog()
        _ = try await Type2Tag(transport: ultralight).read()
        #expect(ultralight.commandLog.allSatisfy { $0.command[0] == 0x30 || $0.command[0] == 0x60 })
    }

    @Test func identificationFallsBackWithoutGetVersion() async throws {
        let session = Type2Tag(transport: EmulatedTag(model: .ultralight))
        let id = try await session.identify()
        #expect(id.model == .ultralight)
        #expect(id.isCertain == false)
        let ntag = try await Type2Tag(transport: EmulatedTag(model: .ntag215)).identify()
        #expect(ntag.model == .ntag215)
        #expect(ntag.evidence == .version([0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x11, 0x03]))
    }

    /// A torn write names the page and what the tag holds.
    @Test func interruptedWriteSaysPageAndState() async throws {
        let tag = EmulatedTag(model: .ntag213)
        _ = try await Type2Tag(transport: tag).write(NDEFMessage(records: [.uri("https://old.example")]))
        // Count the preflight reads of the same write on a copy; tear right after them, so the
        // first write (clearing the length on page 5) never arrives.
        let reference = EmulatedTag(image: tag.memory, model: .ntag213)
        _ = try await Type2Tag(transport: reference).write(
            NDEFMessage(records: [.uri("https://new.example/longer/path")]))
        let preflight = try #require(reference.commandLog.firstIndex { $0.command.first == 0xA2 })
        tag.tearAfter(commands: preflight, mode: .notDelivered)
        do {
            _ = try await Type2Tag(transport: tag).write(
                NDEFMessage(records: [.uri("https://new.example/longer/path")]))
            Issue.record("the write should fail")
        } catch let error as TagWriteError {
            guard case .interrupted(let page, let completed, _, let state, let torn, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(page == 5)
            #expect(completed == 0)
            #expect(state == .oldOrEmpty)
            #expect(torn)
            #expect(error.sentence.contains("page 5"))
        }
    }

    /// A tag left with a torn length page reads as an interrupted write, and rewriting it works.
    @Test func interruptedWriteCanBeRewritten() async throws {
        let tag = EmulatedTag(model: .ntag213)
        _ = try await Type2Tag(transport: tag).write(NDEFMessage(records: [.uri("https://old.example")]))
        for garbage: [UInt8] in [[0x90, 0xA7], [0x08, 0xFF]] {
            // Page 5 = 34 03 LL D1: the Lock Control TLV's last byte, the NDEF TLV type, its length
            // and the first record header. Leave the length and header half-programmed.
            tag.memory.replaceSubrange(22..<24, with: garbage)
            let read = try await Type2Tag(transport: tag).read()
            guard case .interrupted(let error) = read.content else {
                Issue.record("\(garbage): \(read.content)")
                continue
            }
            #expect(error.sentence.hasSuffix("rewrite this tag."))
            let message = NDEFMessage(records: [.uri("https://new.example")])
            #expect(try await Type2Tag(transport: tag).write(message).verified)
        }
    }

    @Test func inspectReportsEverything() async throws {
        let tag = EmulatedTag(model: .ntag213)
        _ = try await Type2Tag(transport: tag).write(NDEFMessage(records: [.uri("https://example.com")]))
        let inspection = try await Type2Tag(transport: tag).inspect()
        #expect(inspection.memory.count == 180)
        #expect(inspection.uid?.checkBytesValid == true)
        #expect(inspection.tlvs.map(\.kind) == [.lockControl, .ndef, .terminator])
        #expect(inspection.capacity.bytes == 137)
        // A new emulated tag answers READ_SIG with 32 zero bytes: no NXP signature, said so.
        #expect(inspection.signature.signature?.count == 32)
        #expect(inspection.signature.verdict == .invalid)
        // MIFARE Ultralight has no READ_SIG: the check is unavailable, never valid or invalid.
        let ultralight = try await Type2Tag(transport: EmulatedTag(model: .ultralight)).inspect()
        if case .unavailable = ultralight.signature.verdict {} else { Issue.record("\(ultralight.signature)") }
    }
}
