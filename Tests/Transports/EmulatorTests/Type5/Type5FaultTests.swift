import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import TestSupport
import Testing

/// Tears, removal, several tags, and the modeled air time of the Type 5 harness.
@Suite struct Type5FaultTests {
    static let write = request(0x22, 0x21, [0x04, 0xA1, 0xA2, 0xA3, 0xA4])

    func torn(_ mode: TearMode) async throws -> EmulatedType5Tag {
        let tag = EmulatedType5Tag(model: .st25dv04k, uid: stUID)
        tag.memory.blocks[4] = [0x01, 0x02, 0x03, 0x04]
        tag.tearAfter(commands: 0, mode: mode)
        await #expect(throws: ChannelError.tagLost(command: Self.write.label)) { _ = try await tag.send(Self.write) }
        #expect(!tag.isInField)
        await #expect(throws: ChannelError.tagLost(command: nil)) { _ = try await tag.send(Self.write) }
        return tag
    }

    @Test func notDeliveredWritesNothing() async throws {
        #expect(try await torn(.notDelivered).memory.blocks[4] == [0x01, 0x02, 0x03, 0x04])
    }

    @Test func replyLostWritesEverything() async throws {
        #expect(try await torn(.replyLost).memory.blocks[4] == [0xA1, 0xA2, 0xA3, 0xA4])
    }

    @Test func corruptedWriteLandsTheFirstHalf() async throws {
        let tag = try await torn(.corruptedWrite)
        #expect(tag.memory.blocks[4] == [0xA1, 0xA2, 0x03, 0x04])
        tag.present()
        #expect(tag.isInField && tag.state == .ready)
        #expect(try await tag.answer(request(0x22, 0x20, [0x04]))?.payload == [0xA1, 0xA2, 0x03, 0x04])
    }

    @Test func corruptedWriteMultipleLandsHalfOfTheRange() async throws {
        let tag = EmulatedType5Tag(model: .st25dv04k, uid: stUID)
        let data = (1...12).map(UInt8.init)
        tag.tearAfter(commands: 1, mode: .corruptedWrite)
        _ = try await tag.send(request(0x22, 0x20, [0x00]))
        await #expect(throws: ChannelError.self) { _ = try await tag.send(request(0x22, 0x24, [8, 2] + data)) }
        // 12 bytes over blocks 8–10: the first 6 land.
        #expect(tag.memory.blocks[8...10].flatMap { $0 } == [1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0])
        #expect(tag.commandLog.last?.outcome == .torn(.corruptedWrite))
        #expect(tag.commandLog.last?.programmedBlocks == [8, 9])
    }

    @Test func removalAndOtherTags() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2, uid: slixUID)
        tag.placeAmongOtherTags(count: 3)
        await #expect(throws: ChannelError.multipleTags(count: 3)) { _ = try await tag.send(Self.write) }
        tag.placeAmongOtherTags(count: 1)
        tag.remove()
        await #expect(throws: ChannelError.tagLost(command: nil)) { _ = try await tag.send(Self.write) }
        tag.present()
        #expect(try await tag.answer(Self.write)?.flags == 0x00)
        #expect(tag.memory.blocks[4] == [0xA1, 0xA2, 0xA3, 0xA4])
    }

    @Test func silenceThrowsTimeoutAndIsLogged() async throws {
        let tag = EmulatedType5Tag(model: .icodeSLIX2, uid: slixUID)
        await #expect(throws: ChannelError.timeout(command: .iso15693(0x02), milliseconds: 20)) {
            _ = try await tag.send(request(0x22, 0x02))
        }
        #expect(tag.commandLog.last?.outcome == .silent)
    }

    @Test func modeledAirTimeFromTheCodingRates() async throws {
        let tag = EmulatedType5Tag(model: .st25dv04k, uid: stUID)
        _ = try await tag.send(request(0x22, 0x20, [0x00]))
        // Request: flags, command, 8-byte UID, block = 11 bytes + CRC = 13 bytes, 4 symbols of
        // 1024/fc each, SOF 1024/fc, EOF 512/fc. Response: flags + 4 bytes + CRC = 7 bytes = 56
        // bits of 512/fc, SOF and EOF 4 bits each. t1 = 4352/fc.
        let fc = 13_560_000.0
        let expected = (1024 * 53 + 512) / fc * 1e6 + 4352 / fc * 1e6 + 512 * 64 / fc * 1e6
        let time = try #require(tag.commandLog.first?.modeledMicroseconds)
        #expect(abs(time - expected) < 0.01)
        // A block write (15 bytes + CRC; answer: flags + CRC) adds the 5 ms typical programming
        // time (DS10925).
        _ = try await tag.send(Self.write)
        let write = try #require(tag.commandLog.last)
        let withoutProgramming =
            (1024 * 69 + 512) / fc * 1e6 + 4352 / fc * 1e6 + 512 * 32 / fc * 1e6
        #expect(abs(write.modeledMicroseconds - withoutProgramming - 5_000) < 0.01)
    }
}
