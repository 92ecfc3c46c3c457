import TagCatalog
import TagEmulator
import TagTransport
import TestSupport
import Testing

/// Tearing, removal, several tags, failing writes.
@Suite struct EmulatedTagFaultTests {
    static let uid: [UInt8] = [0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06]

    private func page(_ tag: EmulatedTag, _ page: Int) -> [UInt8] { Array(tag.memory[page * 4..<page * 4 + 4]) }

    @Test func tearNotDeliveredLeavesThePageUntouched() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        tag.tearAfter(commands: 1, mode: .notDelivered)
        #expect(try await tag.transceive([0xA2, 0x05, 1, 1, 1, 1]) == [0x0A])
        await #expect(throws: ChannelError.tagLost(command: 0xA2)) {
            try await tag.transceive([0xA2, 0x06, 2, 2, 2, 2])
        }
        #expect(page(tag, 5) == [1, 1, 1, 1])
        #expect(page(tag, 6) == [0, 0, 0, 0])
        #expect(tag.commandLog.last?.outcome == .torn(.notDelivered))
        #expect(tag.commandLog.last?.pagesProgrammed == [])
    }

    @Test func tearReplyLostCarriesTheWriteOut() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        tag.tearAfter(commands: 0, mode: .replyLost)
        await #expect(throws: ChannelError.tagLost(command: 0xA2)) {
            try await tag.transceive([0xA2, 0x06, 2, 2, 2, 2])
        }
        #expect(page(tag, 6) == [2, 2, 2, 2])
        #expect(tag.commandLog.last?.pagesProgrammed == [6])
    }

    @Test func tearCorruptedWriteLeavesNeitherOldNorNew() async throws {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let tag = EmulatedTag(model: .ntag215, uid: Self.uid)
            let target = Int.random(in: 4...129, using: &generator)
            let old = (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let new = (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) }
            tag.memory.replaceSubrange(target * 4..<target * 4 + 4, with: old)
            tag.tearAfter(commands: 0, mode: .corruptedWrite)
            await #expect(throws: ChannelError.tagLost(command: 0xA2)) {
                try await tag.transceive([0xA2, UInt8(target)] + new)
            }
            let left = page(tag, target)
            #expect(left != old)
            #expect(left != new)
            #expect(Array(left[0..<2]) == Array(new[0..<2]))
            #expect(tag.commandLog.last?.pagesProgrammed == [target])
        }
    }

    @Test func tearingProtectedPagesKeepTheirOldValueWhenCorrupted() async throws {
        for (pageNumber, data) in [
            (2, [0, 0, 0xFF, 0xFF] as [UInt8]), (3, [0, 0, 0, 0x0F]), (40, [0xFF, 0x0F, 0x3F, 0]),
        ] {
            let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
            let before = page(tag, pageNumber)
            tag.tearAfter(commands: 0, mode: .corruptedWrite)
            await #expect(throws: ChannelError.tagLost(command: 0xA2)) {
                try await tag.transceive([0xA2, UInt8(pageNumber)] + data)
            }
            #expect(page(tag, pageNumber) == before, "page \(pageNumber)")
        }
    }

    @Test func corruptedTearOfACompatibilityWriteHitsTheDataFrame() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        tag.tearAfter(commands: 1, mode: .corruptedWrite)
        #expect(try await tag.transceive([0xA0, 0x07]) == [0x0A])
        await #expect(throws: ChannelError.tagLost(command: 0x09)) {
            try await tag.transceive([9, 9, 9, 9] + [UInt8](repeating: 0, count: 12))
        }
        #expect(Array(page(tag, 7)[0..<2]) == [9, 9])
        #expect(page(tag, 7) != [9, 9, 9, 9])
    }

    @Test func corruptedModeOnAReadBehavesAsReplyLost() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        let before = tag.memory
        tag.tearAfter(commands: 0, mode: .corruptedWrite)
        await #expect(throws: ChannelError.tagLost(command: 0x30)) {
            try await tag.transceive([0x30, 0x04])
        }
        #expect(tag.memory == before)
    }

    @Test func afterATearTheTagIsGoneUntilPresentedAgain() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        tag.tearAfter(commands: 2, mode: .notDelivered)
        _ = try await tag.transceive([0x30, 0x00])
        _ = try await tag.transceive([0x30, 0x04])
        await #expect(throws: ChannelError.tagLost(command: 0x30)) { try await tag.transceive([0x30, 0x08]) }
        await #expect(throws: ChannelError.tagLost(command: nil)) { try await tag.transceive([0x30, 0x08]) }
        #expect(!tag.isInField)
        tag.present()
        #expect(try await tag.transceive([0x30, 0x08]).count == 16)
        #expect(tag.commandLog.count == 5)
    }

    @Test func tearAtEveryIndexOfAWriteSequenceCountsCommandsExactly() async throws {
        // Eight page writes; tearing after N lets exactly N land (notDelivered), N + 1 (replyLost).
        for mode in [TearMode.notDelivered, .replyLost] {
            for n in 0...8 {
                let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
                tag.tearAfter(commands: n, mode: mode)
                var completed = 0
                for index in 0..<8 {
                    do {
                        _ = try await tag.transceive([0xA2, UInt8(4 + index), 0xAA, 0xAA, 0xAA, 0xAA])
                        completed += 1
                    } catch {
                        break
                    }
                }
                #expect(completed == min(n, 8))
                let landed = (0..<8).filter { page(tag, 4 + $0) == [0xAA, 0xAA, 0xAA, 0xAA] }.count
                #expect(landed == (mode == .replyLost ? min(n + 1, 8) : min(n, 8)))
            }
        }
    }

    @Test func removedTagAnswersNothing() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        tag.remove()
        await #expect(throws: ChannelError.tagLost(command: nil)) { try await tag.transceive([0x30, 0x00]) }
        #expect(tag.commandLog.last?.outcome == .notSent(.tagLost(command: nil)))
        tag.present()
        #expect(try await tag.transceive([0x30, 0x00]).count == 16)
    }

    @Test func severalTagsInTheFieldFailEveryCommand() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        tag.placeAmongOtherTags(count: 3)
        await #expect(throws: ChannelError.multipleTags(count: 3)) {
            try await tag.transceive([0xA2, 0x04, 1, 2, 3, 4])
        }
        #expect(Array(tag.memory[16..<20]) == [0x01, 0x03, 0xA0, 0x0C])
        tag.placeAmongOtherTags(count: 1)
        #expect(try await tag.transceive([0xA2, 0x04, 1, 2, 3, 4]) == [0x0A])
    }

    @Test func wornOutEEPROMNAKsWritesWithCodeFive() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        tag.failWrites(nak: 0x5)
        await #expect(throws: ChannelError.nak(code: 0x5, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x04, 1, 2, 3, 4])
        }
        try await tag.reactivate()
        #expect(Array(tag.memory[16..<20]) == [0x01, 0x03, 0xA0, 0x0C])
        #expect(try await tag.transceive([0x30, 0x04]).count == 16)
    }

    @Test func readOnlyTagRefusesWritesButReads() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        tag.makeReadOnly()
        #expect(Array(tag.memory[8..<16]) == [0x04, 0x48, 0xFF, 0xFF, 0xE1, 0x10, 0x12, 0x0F])
        #expect(Array(tag.memory[160..<164]) == [0xFF, 0x0F, 0x3F, 0xBD])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x03, 0, 0, 0, 0])
        }
        try await tag.reactivate()
        #expect(try await tag.transceive([0x30, 0x04]).count == 16)
    }
}
