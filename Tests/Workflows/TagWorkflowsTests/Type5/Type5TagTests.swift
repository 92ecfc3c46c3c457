import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TapCardSupport
import TestSupport
import Testing
import Type5

@testable import TagWorkflows

/// The Type 5 driver over the emulated ICODE SLIX2 and ST25DV04K: identification with and without
/// GET SYSTEM INFO, the 255/256-byte length boundary, format, the iOS fix, inspect, and refusals
/// that leave the tag byte-identical.
@Suite struct Type5TagTests {
    static let models: [TagModel] = [.icodeSLIX2, .st25dv04k]

    /// The WRITE SINGLE BLOCK and LOCK BLOCK requests in a tag's log.
    static func changes(_ tag: EmulatedType5Tag) -> [UInt8] {
        tag.commandLog.map(\.request.request.command).filter { [0x21, 0x31, 0x22, 0x32].contains($0) }
    }

    @Test(arguments: models) func identifiesByGetSystemInfo(model: TagModel) async throws {
        let tag = EmulatedType5Tag(model: model)
        let identification = try await Type5Tag(channel: tag).identify()
        let facts = try #require(model.type5)
        #expect(identification.model == model)
        #expect(identification.blockSizeSource == .systemInfo)
        #expect(identification.memorySource == .systemInfo)
        #expect(identification.blockSize == facts.blockSize)
        #expect(identification.memoryBytes == facts.blockCount * facts.blockSize)
        #expect(tag.commandLog.map(\.request.request.command) == [0x2B])
    }

    /// A PC/SC-like carrier refuses 2B as unsupported: the chip comes from the UID, the block size
    /// from READ SINGLE BLOCK 0's answer, the memory from the catalog; a write and read still work.
    @Test(arguments: models) func identifiesWithoutGetSystemInfo(model: TagModel) async throws {
        let tag = EmulatedType5Tag(model: model)
        let channel = RestrictedType5Channel(tag)
        let driver = Type5Tag(channel: channel)
        let identification = try await driver.identify()
        #expect(identification.model == model)
        #expect(identification.systemInfo == nil)
        #expect(identification.carrierIsRestricted)
        #expect(identification.blockSizeSource == .firstRead)
        #expect(identification.blockSize == 4)
        #expect(identification.memorySource == .catalog)
        #expect(identification.memoryBytes == model.type5?.userBytes)
        var rng = SplitMix64(seed: 51)
        let message = Messages.exactly(40, using: &rng)
        let report = try await Type5Tag(channel: channel).write(message)
        #expect(report.verified)
        let read = try await Type5Tag(channel: RestrictedType5Channel(tag)).read()
        #expect(read.content.message == message)
    }

    /// A tag that answers 2B with error 01 (not supported) and a UID no catalog model has: the
    /// data area comes from the CC's MLEN.
    @Test func unknownChipUsesTheCCsMLEN() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2)
        let unknown: [UInt8] = [0xE0, 0x07, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
        let channel = RestrictedType5Channel(tag, uid: unknown, systemInfoError: 0x01)
        let read = try await Type5Tag(channel: channel).read()
        #expect(read.identification.model == nil)
        #expect(read.identification.memorySource == .capabilityContainer)
        #expect(read.identification.memoryBytes == nil)
        #expect(!read.identification.carrierIsRestricted)
        // E1 40 27 00: MLEN 0x27 × 8 = 312 bytes of data area, as the CC reports.
        #expect(read.snapshot.cc?.dataAreaBytes == 0x27 * 8)
        #expect(read.content == .empty)
    }

    /// 254 bytes take a 1-byte TLV length; 255 and 256 the 3-byte form `FF HH LL` (NFC Forum TLV
    /// rule, the same as Type 2: a length byte of FF announces two more). Written and read back.
    @Test(arguments: models, [254, 255, 256]) func lengthBoundary(model: TagModel, length: Int) async throws {
        let tag = EmulatedType5Tag(model: model)
        var rng = SplitMix64(seed: UInt64(length))
        let message = Messages.exactly(length, using: &rng)
        let report = try await Type5Tag(channel: tag).write(message)
        #expect(report.verified)
        #expect(report.lengthFieldBytes == (length < 255 ? 1 : 3))
        let block1 = tag.memory.blocks[1]
        if length < 255 {
            #expect(block1[0...1] == [0x03, UInt8(length)])
        } else {
            #expect(block1 == [0x03, 0xFF, UInt8(length >> 8), UInt8(length & 0xFF)])
        }
        let read = try await Type5Tag(channel: tag).read()
        #expect(read.content.bytes == message.encoded())
        #expect(read.content.message == message)
    }

    /// Formatting a blank ICODE SLIX2 (all zeros) writes block 1 = `03 00 FE 00`, then block 0 =
    /// `E1 40 27 00`. The rules readers apply, checked on the bytes:
    /// - iOS refuses NDEF while CC3 bit 0 (MBREAD) is set, and checks block 1 for an NDEF TLV
    ///   (/work/shared/reference/users-asks.md §5: Apple forums thread 713375; ST community 191575);
    /// - AOSP `rw_i93.cc` wants the CC magic E1, major version 1 (CC1 bits 7–6), read access 00
    ///   (bits 3–2) and, to write, write access 00 (bits 1–0) (users-asks.md §3/§5).
    /// MLEN 0x27: the SLIX2's 79 user blocks (block 79 is its counter, Flipper `slix.h`) are 316
    /// bytes; (316 − 4) ÷ 8 = 39.
    @Test func formatsABlankSLIX2() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2, formatted: false)
        let report = try await Type5Tag(channel: tag).format()
        let block0 = tag.memory.blocks[0]
        let block1 = tag.memory.blocks[1]
        #expect(block0 == [0xE1, 0x40, 0x27, 0x00])
        #expect(block1 == [0x03, 0x00, 0xFE, 0x00])
        #expect(block0[3] & 0x01 == 0, "iOS: MBREAD clear")
        #expect(block1[0] == 0x03, "iOS: block 1 holds an NDEF TLV")
        #expect(block0[0] == 0xE1 && block0[1] >> 6 == 1, "AOSP: magic and major version 1")
        #expect(block0[1] & 0x0C == 0 && block0[1] & 0x03 == 0, "AOSP: read and write access free")
        // Block 1 first, the CC last.
        let written = tag.commandLog.filter { $0.request.request.command == 0x21 }.map {
            $0.request.request.parameters[0]
        }
        #expect(written == [1, 0])
        #expect(report.verified)
        #expect(report.warnings.isEmpty)
        #expect(report.previousContent == .notFormatted)
        // Then a write and a read.
        var rng = SplitMix64(seed: 5)
        let message = Messages.exactly(100, using: &rng)
        _ = try await Type5Tag(channel: tag).write(message)
        #expect(try await Type5Tag(channel: tag).read().content.message == message)
    }

    @Test func formatWithMultipleBlockReadSetsMBREADAndWarns() async throws {
        let tag = EmulatedType5Tag(model: .st25dv04k, formatted: false)
        let report = try await Type5Tag(channel: tag).format(multipleBlockRead: true)
        #expect(tag.memory.blocks[0][3] & 0x01 == 0x01)
        #expect(report.warnings.contains(.multipleBlockReadSet))
        #expect(report.verified)
    }

    /// A CC with MBREAD set: the fix writes block 0 alone, with CC3 bit 0 clear and every other
    /// bit and byte as it was; the message stays.
    @Test(arguments: models) func fixForIOSRewritesOnlyTheCC(model: TagModel) async throws {
        let tag = EmulatedType5Tag(model: model)
        var rng = SplitMix64(seed: 9)
        let message = Messages.exactly(30, using: &rng)
        _ = try await Type5Tag(channel: tag).write(message)
        tag.memory.blocks[0][3] |= 0x09
        let before = tag.memory.blocks
        tag.clearLog()
        let report = try await Type5Tag(channel: tag).fixForIOS()
        let writes = tag.commandLog.filter { $0.request.request.command == 0x21 }
        #expect(writes.map { $0.request.request.parameters[0] } == [0])
        #expect(tag.memory.blocks[0] == [before[0][0], before[0][1], before[0][2], 0x08])
        #expect(Array(tag.memory.blocks.dropFirst()) == Array(before.dropFirst()))
        #expect(report.verified)
        #expect(report.afterContent.message == message)
        // Already clear: nothing written.
        tag.clearLog()
        let again = try await Type5Tag(channel: tag).fixForIOS()
        #expect(again.writes.isEmpty)
        #expect(Self.changes(tag).isEmpty)
    }

    @Test func inspectSLIX2ReadsSignatureAndNXPSystemInfo() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2)
        let inspection = try await Type5Tag(channel: tag).inspect()
        // The emulator's signature is zeros (only NXP can sign a UID): checked, and invalid.
        #expect(inspection.signature == [UInt8](repeating: 0, count: 32))
        #expect(inspection.signatureCheck?.verdict == .invalid)
        #expect(inspection.nxpSystemInfo != nil)
        #expect(inspection.blockSecurity?.values.contains(true) == false)
        #expect(inspection.warnings.isEmpty)
        #expect(inspection.read.content == .empty)
        let st = try await Type5Tag(channel: EmulatedType5Tag(model: .st25dv04k)).inspect()
        #expect(st.signatureCheck == nil)
        #expect(st.nxpSystemInfo == nil)
    }

    /// Every refusal is decided before a write is sent, and leaves the tag byte-identical.
    @Test(arguments: models) func refusalsLeaveTheTagByteIdentical(model: TagModel) async throws {
        var rng = SplitMix64(seed: 77)
        let small = Messages.exactly(20, using: &rng)
        func expectUntouched(
            _ tag: EmulatedType5Tag, _ operation: (Type5Tag) async throws -> Void, sentence: String? = nil
        ) async {
            let before = tag.memory
            tag.clearLog()
            do {
                try await operation(Type5Tag(channel: tag))
                Issue.record("\(model.rawValue): not refused")
            } catch {
                let refusal = error as? any TapCardError
                #expect(refusal?.origin == .refusal, "\(error)")
                if let sentence { #expect(refusal?.sentence.contains(sentence) == true, "\(error)") }
            }
            #expect(tag.memory == before)
            #expect(Self.changes(tag).isEmpty)
        }
        // Blank: no CC.
        let blank = EmulatedType5Tag(model: model, formatted: false)
        await expectUntouched(blank, { _ = try await $0.write(small) }, sentence: "format it first: `tapcard format`")
        await expectUntouched(blank, { _ = try await $0.erase() }, sentence: "format it first")
        await expectUntouched(blank, { _ = try await $0.lock(confirmation: .permanent) })
        // Read-only by the CC's write access 11.
        let readOnly = EmulatedType5Tag(model: model)
        readOnly.memory.blocks[0][1] |= 0x03
        await expectUntouched(readOnly, { _ = try await $0.write(small) }, sentence: "read-only")
        await expectUntouched(readOnly, { _ = try await $0.format() })
        // Too big: one byte over what the CC reports.
        let full = EmulatedType5Tag(model: model)
        let capacity = try await Type5Tag(channel: full).read().capacity.bytes
        let tooBig = Messages.exactly(capacity + 1, using: &rng)
        await expectUntouched(full, { _ = try await $0.write(tooBig) }, sentence: "holds at most \(capacity)")
        // A locked block inside the message's span (block security status read before writing).
        let locked = EmulatedType5Tag(model: model)
        locked.memory.locked[3] = true
        await expectUntouched(
            locked, { _ = try await $0.write(Messages.exactly(40, using: &rng)) }, sentence: "Block 3")
        // Lock without confirmation: nothing at all is sent.
        let unconfirmed = EmulatedType5Tag(model: model)
        unconfirmed.clearLog()
        await #expect(throws: LockRefusal.confirmationRequired) {
            _ = try await Type5Tag(channel: unconfirmed).lock(confirmation: nil)
        }
        #expect(unconfirmed.commandLog.isEmpty)
        // A carrier without LOCK BLOCK: refused before the CC is changed.
        let pcsc = EmulatedType5Tag(model: model)
        let before = pcsc.memory
        await #expect(throws: Type5LockRefusal.self) {
            _ = try await Type5Tag(channel: RestrictedType5Channel(pcsc)).lock(confirmation: .permanent)
        }
        #expect(pcsc.memory == before)
    }

    /// Writing the message the tag already holds sends no write.
    @Test func sameMessageIsNotWrittenAgain() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2)
        var rng = SplitMix64(seed: 3)
        let message = Messages.exactly(60, using: &rng)
        _ = try await Type5Tag(channel: tag).write(message)
        tag.clearLog()
        let again = try await Type5Tag(channel: tag).write(message)
        #expect(again.writes.isEmpty)
        #expect(again.verification == .alreadyOnTag)
        #expect(Self.changes(tag).isEmpty)
    }
}
