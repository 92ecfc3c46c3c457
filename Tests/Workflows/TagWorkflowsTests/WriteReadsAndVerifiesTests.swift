import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TestSupport
import Testing
import Type2

@testable import TagWorkflows

/// What a write reads before it writes, and how it proves the message landed: only the header,
/// the old NDEF TLV and the pages the plan needs are read; pages past the old message are written
/// unread; the dynamic lock page is read only when a page it governs is written; afterwards one
/// read covers exactly the pages written.
@Suite struct WriteReadsAndVerifiesTests {
    /// The frames sent, in order.
    func frames(_ tag: EmulatedTag) -> [[UInt8]] { tag.commandLog.map(\.command) }

    /// A fresh NTAG213 holds `03 00 FE` after its Lock Control TLV (bytes 16–23). A 137-byte
    /// message fills pages 5–39, so the write reads pages 0–7, the dynamic lock page 40 (pages
    /// 16–39 are written) with CFG0/CFG1 right after it (AUTH0 for the password preflight) in
    /// one FAST_READ, writes the 35 pages and reads them back in one FAST_READ.
    @Test func freshNTAG213ReadsTheHeaderThenWritesAndReadsBackOnce() async throws {
        let tag = EmulatedTag(model: .ntag213)
        var rng = SplitMix64(seed: 213)
        let message = Messages.exactly(137, using: &rng)
        let report = try await Type2Tag(transport: tag).write(message)
        let sent = frames(tag)
        #expect(Array(sent.prefix(3)) == [[0x60], [0x3A, 0, 7], [0x3A, 40, 42]])
        #expect(sent.last == [0x3A, 5, 39])
        #expect(sent.count == 3 + 35 + 1)
        #expect(report.pagesWritten == Array(5...39))
        #expect(report.verification == .readBack(.pages(5...39), match: .bytes))
        #expect(report.verifyStatistics.commands == 1)
        #expect(try await Type2Tag(transport: tag).read().content.message == message)
    }

    /// The modeled air time of that write against the physical minimum the bench states: the
    /// pages that change, one WRITE each, and one FAST_READ of the message's pages. Identification,
    /// the header and the dynamic lock page may cost at most 5 % more. Modeled from datasheet
    /// timing, so this is arithmetic, not a timing test.
    @Test func freshWriteIsWithinFivePercentOfThePhysicalMinimum() async throws {
        let tag = EmulatedTag(model: .ntag213)
        var rng = SplitMix64(seed: 214)
        let message = Messages.exactly(137, using: &rng)
        _ = try await Type2Tag(transport: tag).write(message)
        let write = Type2Timing.exchangeMicroseconds(commandBytes: 6, responseBytes: nil, programsPage: true)
        let readBack = Type2Timing.exchangeMicroseconds(commandBytes: 3, responseBytes: 35 * 4, programsPage: false)
        let minimum = 35 * write + readBack
        #expect(tag.modeledAirTimeMicroseconds >= minimum)
        #expect(tag.modeledAirTimeMicroseconds <= 1.05 * minimum)
    }

    /// Garbage past the old message is not read: those pages are written whatever they hold, and
    /// the bytes after the new terminator on its page become 0.
    @Test func pagesPastTheOldMessageAreWrittenUnread() async throws {
        let tag = EmulatedTag(model: .ntag215)
        var rng = SplitMix64(seed: 215)
        _ = try await Type2Tag(transport: tag).write(Messages.exactly(20, using: &rng))
        // Leftovers of some earlier, longer message in pages 12–99.
        for address in 48..<400 { tag.memory[address] = 0xA5 }
        tag.clearLog()
        let message = Messages.exactly(300, using: &rng)
        let report = try await Type2Tag(transport: tag).write(message)
        let sent = frames(tag)
        let firstWrite = try #require(sent.firstIndex { $0.first == 0xA2 })
        let readsBefore = sent[..<firstWrite].filter { $0.first == 0x3A || $0.first == 0x30 }
        // NTAG215 ships with its NDEF TLV on page 4: the old message (`03 14`, 20 bytes, `FE`)
        // ends on page 9. The header, pages 8–9, the dynamic lock page 130 with CFG0/CFG1 (AUTH0
        // for the password preflight): no read of pages 12 and up, which are about to be written.
        #expect(readsBefore == [[0x3A, 0, 7], [0x3A, 8, 9], [0x3A, 130, 132]])
        // After the last write, FAST_READs (60 pages at most each) of pages 4–80.
        let readBack = sent[(sent.lastIndex { $0.first == 0xA2 } ?? 0)...].dropFirst()
        #expect(Array(readBack) == [[0x3A, 4, 63], [0x3A, 64, 80]])
        #expect(report.verification == .readBack(.pages(4...80), match: .bytes))
        let read = try await Type2Tag(transport: tag).read()
        #expect(read.content.message == message)
        // 16 + 4 (03 FF 01 2C) + 300 = byte 320 holds the terminator; the rest of its page is 0.
        #expect(tag.memory[320] == 0xFE)
        #expect(Array(tag.memory[321..<324]) == [0, 0, 0])
        #expect(tag.memory[324] == 0xA5)
    }

    /// Leftovers of an earlier, longer message after the old terminator (here: a card, then a
    /// short link over it) are read, because the new message may match them: writing the card
    /// again rewrites only the pages the link changed.
    @Test func leftoversAfterTheOldMessageAreReadAndMatchingPagesSkipped() async throws {
        let tag = EmulatedTag(model: .ntag213)
        var rng = SplitMix64(seed: 218)
        let card = Messages.exactly(120, using: &rng)
        _ = try await Type2Tag(transport: tag).write(card)
        _ = try await Type2Tag(transport: tag).write(NDEFMessage(records: [.uri("https://tapcard.example")]))
        let beforeCard = tag.memory
        tag.clearLog()
        let report = try await Type2Tag(transport: tag).write(card)
        let changed = (0..<45).filter { beforeCard[$0 * 4..<$0 * 4 + 4] != tag.memory[$0 * 4..<$0 * 4 + 4] }
        #expect(report.pagesWritten == changed)
        #expect(changed.count < 10)
        #expect(try await Type2Tag(transport: tag).read().content.message == card)
    }

    /// A message on the static-lock pages only (4–15) does not read the dynamic lock page.
    @Test func aShortMessageDoesNotReadTheDynamicLockPage() async throws {
        let tag = EmulatedTag(model: .ntag216)
        let message = NDEFMessage(records: [.uri("https://tapcard.example/a")])
        let report = try await Type2Tag(transport: tag).write(message)
        #expect(report.pagesWritten.allSatisfy { $0 < 16 })
        // NTAG216's dynamic lock bytes are on page 226.
        #expect(!frames(tag).contains { ($0.first == 0x3A || $0.first == 0x30) && $0[1] == 226 })
        // NTAG216 ships with its NDEF TLV on page 4 (no Lock Control TLV).
        #expect(report.verification == .readBack(.pages(4...(report.pagesWritten.last ?? 0)), match: .bytes))
    }

    /// Pages 16–17 locked by the first dynamic lock bit: the preflight reads the lock page and
    /// refuses before any WRITE.
    @Test func aPageLockedByADynamicLockBitIsRefusedBeforeAnyWrite() async throws {
        let tag = EmulatedTag(model: .ntag213)
        tag.memory[160] = 0x01
        let before = tag.memory
        var rng = SplitMix64(seed: 216)
        await #expect(throws: WritePreflightError.pageLocked(page: 16)) {
            try await Type2Tag(transport: tag).write(Messages.exactly(137, using: &rng))
        }
        #expect(!frames(tag).contains { $0.first == 0xA2 })
        #expect(tag.memory == before)
    }

    /// Rewriting the message a tag already holds writes nothing and reads nothing more: the read
    /// before the write found the message, byte for byte.
    @Test func anIdenticalRewriteIsVerifiedByThePreflightRead() async throws {
        let tag = EmulatedTag(model: .ntag213)
        let message = NDEFMessage(records: [.text("Back in five minutes.")])
        _ = try await Type2Tag(transport: tag).write(message)
        tag.clearLog()
        let again = try await Type2Tag(transport: tag).write(message)
        #expect(again.writes.isEmpty)
        #expect(again.verification == .alreadyOnTag)
        #expect(again.verifyStatistics.commands == 0)
        #expect(again.writeStatistics.commands == tag.commandLog.count)
    }

    /// `--no-verify`: nothing is read after the writes.
    @Test func withoutVerificationNothingIsReadAfterTheWrites() async throws {
        let tag = EmulatedTag(model: .ntag213)
        let report = try await Type2Tag(transport: tag).write(
            NDEFMessage(records: [.uri("https://tapcard.example")]), verify: false)
        #expect(report.verification == .none)
        #expect(!report.verified)
        #expect(frames(tag).last?.first == 0xA2)
    }

    /// A tag that acknowledges a WRITE but keeps other bytes (a worn EEPROM cell) is caught by the
    /// read-back: the error says so, with the sizes.
    @Test func aWriteTheTagAcknowledgedButDidNotKeepFailsVerification() async throws {
        let tag = EmulatedTag(model: .ntag213)
        let worn = WornPage(tag: tag, page: 9)
        var rng = SplitMix64(seed: 217)
        let message = Messages.exactly(60, using: &rng)
        await #expect(throws: TagWriteError.verificationFailed(expectedBytes: 60, readBytes: 60)) {
            try await Type2Tag(transport: worn).write(message)
        }
        let error = TagWriteError.verificationFailed(expectedBytes: 60, readBytes: 60)
        #expect(error.origin == .tag)
        #expect(error.sentence.contains("60"))
    }

    /// Forwards to an emulated tag, but a WRITE to `page` stores its bytes with bit 0 of the last
    /// byte flipped, and is acknowledged all the same.
    final class WornPage: NFCAChannel {
        func reactivate() async throws(ChannelError) { try await tag.reactivate() }
        let tag: EmulatedTag
        let page: UInt8

        init(tag: EmulatedTag, page: UInt8) {
            self.tag = tag
            self.page = page
        }

        func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
            var frame = command
            if frame.count == 6, frame[0] == 0xA2, frame[1] == page { frame[5] ^= 0x01 }
            return try await tag.transceive(frame)
        }
    }
}
