import NDEF
import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import TestSupport
import Testing
import Type3

@testable import TagWorkflows

/// The Type 3 driver on an emulated FeliCa Lite-S: identification, read, write and erase with
/// read-back, format of a blank card, and every refusal leaving the blocks byte-identical.
@Suite struct Type3WriteTests {
    static let idm: [UInt8] = [0x01, 0x2E, 0x57, 0x52, 0x49, 0x54, 0x45, 0x01]
    static let message = NDEFMessage(records: [.uri("https://example.com/felica")])

    static func updates(_ tag: EmulatedType3Tag) -> Int {
        tag.commandLog.filter { $0.command.code == 0x08 }.count
    }

    @Test func identifiesALiteSByItsPMmAndReadsWhatItWrote() async throws {
        let tag = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: true)
        let driver = Type3Tag(channel: tag)
        let identification = try await driver.identify()
        #expect(identification.model == .feliCaLiteS)
        #expect(identification.icCode == 0xF1)
        #expect(identification.answersNDEF)
        // The identification is kept: the write below polls no more.
        tag.clearLog()
        let report = try await driver.write(Self.message)
        #expect(report.verified)
        #expect(report.capacity == .reported(13 * 16, model: .feliCaLiteS))
        #expect(report.writes.map(\.role) == [.clearLength, .data, .data, .commit])
        // The driver's modeled time and the emulator's command log count the same exchanges.
        let spent = report.writeStatistics.modeledMicroseconds + report.verifyStatistics.modeledMicroseconds
        #expect(abs(spent - tag.modeledAirTimeMicroseconds) < 0.001)
        #expect(report.writeStatistics.commands + report.verifyStatistics.commands == tag.commandLog.count)

        let read = try await Type3Tag(channel: tag).read()
        #expect(read.content.message == Self.message)
        #expect(read.idm == Self.idm)
        #expect(read.isWritable)
        // The message in the blocks, as the mapping lays it out: S_PAD1 on, zero-padded.
        let bytes = Self.message.encoded()
        #expect(Array(tag.block(1)!.prefix(min(16, bytes.count))) == Array(bytes.prefix(16)))
        #expect(tag.block(0)![13] == UInt8(bytes.count))

        let again = try await Type3Tag(channel: tag).write(Self.message)
        #expect(again.verification == .alreadyOnTag && again.writes.isEmpty)
    }

    @Test func eraseLeavesAnEmptyFormattedCard() async throws {
        let tag = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: true)
        _ = try await Type3Tag(channel: tag).write(Self.message)
        let erase = try await Type3Tag(channel: tag).erase()
        #expect(erase.writes.map(\.role) == [.commit])
        #expect(erase.previousContent.message == Self.message)
        #expect(try await Type3Tag(channel: tag).read().content == .empty)
        #expect(try await Type3Tag(channel: tag).erase().verification == .alreadyOnTag)
    }

    @Test func aBlankCardIsRefusedForWriteAndFormattedThenWritten() async throws {
        let tag = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: false)
        let blank = tag.blocks
        #expect(try await Type3Tag(channel: tag).read().content == .notFormatted)
        do {
            _ = try await Type3Tag(channel: tag).write(Self.message)
            Issue.record("a blank card was written")
        } catch let error as Type3Refusal {
            #expect(error.origin == .refusal)
            #expect(error.sentence.contains("Format it first: `tapcard format`"))
        }
        #expect(tag.blocks == blank)
        #expect(Self.updates(tag) == 0)

        let format = try await Type3Tag(channel: tag).format()
        #expect(format.writes.map(\.step) == [.enableNDEF, .attribute])
        #expect(format.verified)
        #expect(tag.isNDEFEnabled)
        // What the catalog says a formatted card holds (independent of the formatter's plan).
        #expect(tag.block(0) == TagModel.feliCaLiteS.type3?.formattedAttributeBlock)
        #expect(tag.block(FeliCaLiteS.memoryConfiguration) == TagModel.feliCaLiteS.type3?.formattedMemoryConfiguration)

        _ = try await Type3Tag(channel: tag).write(Self.message)
        #expect(try await Type3Tag(channel: tag).read().content.message == Self.message)

        // Formatting again would only lose the message: refused, nothing written.
        let written = tag.blocks
        await #expect(throws: Type3Refusal.alreadyFormatted(capacity: 208)) {
            try await Type3Tag(channel: tag).format()
        }
        #expect(tag.blocks == written)
    }

    @Test func refusalsComeBeforeAnyUpdateAndLeaveTheBlocksAlone() async throws {
        var rng = SplitMix64(seed: 33)
        // Too big: 209 bytes on 13 × 16 = 208.
        let tag = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: true)
        _ = try await Type3Tag(channel: tag).write(Self.message)
        let before = tag.blocks
        tag.clearLog()
        await #expect(throws: Type3PlanError.tooBig(needed: 209, capacity: 208, maximumBlocks: 13)) {
            try await Type3Tag(channel: tag).write(Messages.exactly(209, using: &rng))
        }
        #expect(tag.blocks == before && Self.updates(tag) == 0)

        // RW flag 00: byte 10 of block 0, checksum bytes 14–15 adjusted by hand.
        var block0 = before[0]!
        block0[10] = 0x00
        let sum = block0[0..<14].reduce(0) { $0 + Int($1) }
        block0[14] = UInt8(sum >> 8)
        block0[15] = UInt8(sum & 0xFF)
        tag.setBlock(0, to: block0)
        let readOnly = tag.blocks
        await #expect(throws: Type3PlanError.readOnlyFlag) {
            try await Type3Tag(channel: tag).write(Self.message)
        }
        #expect(tag.blocks == readOnly && Self.updates(tag) == 0)
        #expect(try await Type3Tag(channel: tag).read().content.message == Self.message)

        // MC_SP bit 1 clear: S_PAD1 read-only.
        let mcTag = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: true)
        var mc = mcTag.block(FeliCaLiteS.memoryConfiguration)!
        mc[0] &= ~0x02
        mcTag.setBlock(FeliCaLiteS.memoryConfiguration, to: mc)
        let mcBefore = mcTag.blocks
        await #expect(throws: Type3PlanError.readOnlyBlocks([1])) {
            try await Type3Tag(channel: mcTag).write(Self.message)
        }
        #expect(mcTag.blocks == mcBefore && Self.updates(mcTag) == 0)
        let inspection = try await Type3Tag(channel: mcTag).inspect()
        #expect(inspection.readOnlyReasons == [.readOnlyBlocks([1])])
    }

    /// Block 0 (S_PAD0, the attribute block) read-only by MC_SP bit 0: a write and an erase are
    /// refused before any Update, naming block 0, and the card stays byte-identical. Every write
    /// ends by rewriting block 0 (its commit), so block 0 must be in the plan's read-only check.
    /// (Mutation audit, issue 29: leaving block 0 out of that check passed every test; only the
    /// format plan was tested with a read-only S_PAD0.)
    @Test func aReadOnlyBlockZeroRefusesAWriteAndAnEraseBeforeAnyUpdate() async throws {
        let tag = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: true)
        _ = try await Type3Tag(channel: tag).write(Self.message)
        var mc = try #require(tag.block(FeliCaLiteS.memoryConfiguration))
        mc[0] &= ~0x01
        tag.setBlock(FeliCaLiteS.memoryConfiguration, to: mc)
        let before = tag.blocks
        tag.clearLog()
        await #expect(throws: Type3PlanError.readOnlyBlocks([0])) {
            try await Type3Tag(channel: tag).write(NDEFMessage(records: [.uri("https://example.com/other")]))
        }
        #expect(tag.blocks == before && Self.updates(tag) == 0)
        await #expect(throws: Type3PlanError.readOnlyBlocks([0])) {
            try await Type3Tag(channel: tag).erase()
        }
        #expect(tag.blocks == before && Self.updates(tag) == 0)
        #expect(try await Type3Tag(channel: tag).read().content.message == Self.message)
    }

    @Test func anUpdateTheCardRefusesIsTheTagsRefusalWithItsStatusFlags() async throws {
        let tag = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: true)
        _ = try await Type3Tag(channel: tag).write(Self.message)
        let before = tag.blocks
        tag.failWrites()
        do {
            _ = try await Type3Tag(channel: tag).write(NDEFMessage(records: [.uri("https://example.com/other")]))
            Issue.record("the write did not fail")
        } catch let error as TagWriteError {
            guard case .interruptedFeliCaUpdate(let blocks, let completed, _, let state, let torn, let cause) = error
            else {
                Issue.record("\(error)")
                return
            }
            #expect(blocks == [0] && completed == 0 && state == .old && !torn)
            #expect(cause.origin == .tag && !cause.mayHaveLanded)
            guard case .refused(.refused(_, let flag1, let flag2, let refusedBlocks)) = cause else {
                Issue.record("\(cause)")
                return
            }
            #expect(flag1 == 0x01 && flag2 == 0x70 && refusedBlocks == [0])
            #expect(error.origin == .tag)
            #expect(error.sentence.contains("01 70"))
        }
        #expect(tag.blocks == before)
    }

    @Test func inspectShowsSystemCodesTheMCAndBlockZero() async throws {
        let formatted = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: true)
        let inspection = try await Type3Tag(channel: formatted).inspect()
        #expect(inspection.systemCodes == [0x12FC, 0x88B4])
        #expect(inspection.attributeBytes == formatted.block(0))
        #expect(inspection.memoryConfiguration?.isNDEFEnabled == true)
        #expect(inspection.read.content == .empty)
        #expect(inspection.readOnlyReasons.isEmpty)

        let blank = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: false)
        let blankInspection = try await Type3Tag(channel: blank).inspect()
        #expect(blankInspection.systemCodes == [0x88B4])
        #expect(blankInspection.read.area == .notEnabled)
        #expect(blankInspection.read.capacity.source == .assumed)
        #expect(blankInspection.memoryConfiguration?.isNDEFEnabled == false)
    }
}
