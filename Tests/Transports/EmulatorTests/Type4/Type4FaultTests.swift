import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import Testing

/// Tears, removal, several tags, EEPROM failures and the command log of the Type 4 harness.
@Suite struct Type4FaultTests {
    static let select = ["00A4040007D276000085010100", "00A4000C02E104"]
    /// UPDATE BINARY of 8 bytes 11…88 at offset 0 of the NDEF file.
    static let update = "00D60000081122334455667788"

    func readyTag(_ model: TagModel = .genericType4) async throws -> EmulatedType4Tag {
        let tag = EmulatedType4Tag(model: model, contents: [0xE104: [UInt8](repeating: 0xEE, count: 8)])
        for command in Self.select { _ = try await tag.exchange(command) }
        return tag
    }

    @Test(arguments: TearMode.allCases)
    func tearAtAnUpdateBinary(mode: TearMode) async throws {
        let tag = try await readyTag()
        tag.tearAfter(commands: 0, mode: mode)
        await #expect(throws: ChannelError.tagLost(command: .apdu(cla: 0x00, ins: 0xD6, p1: 0x00, p2: 0x00))) {
            _ = try await tag.exchange(Self.update)
        }
        let file = try #require(tag.contents(ofFile: 0xE104))
        switch mode {
        case .notDelivered:
            #expect(Array(file[0..<8]) == [UInt8](repeating: 0xEE, count: 8))
        case .replyLost:
            #expect(Array(file[0..<8]) == bytes("1122334455667788"))
        case .corruptedWrite:
            // The first half landed, the second half kept the old bytes.
            #expect(Array(file[0..<8]) == bytes("11223344EEEEEEEE"))
        }
        #expect(tag.commandLog.last?.outcome == .torn(mode))
        #expect(tag.commandLog.last?.bytesProgrammed == [.notDelivered: 0, .replyLost: 8, .corruptedWrite: 4][mode])
        // Out of the field until present(), which starts a new session with nothing selected.
        await #expect(throws: ChannelError.tagLost(command: nil)) { _ = try await tag.exchange("00B0000002") }
        tag.present()
        #expect(!tag.isApplicationSelected)
        #expect(try await tag.exchange("00B0000002") == bytes("6986"))
    }

    @Test func corruptedWriteOfWriteDataOnNTAG424() async throws {
        let tag = try await readyTag(.ntag424DNA)
        tag.tearAfter(commands: 0, mode: .corruptedWrite)
        await #expect(throws: ChannelError.self) {
            _ = try await tag.exchange("908D00000B0200000004000001020304 00".replacingOccurrences(of: " ", with: ""))
        }
        #expect(tag.contents(ofFile: 0xE104).map { Array($0[0..<4]) } == bytes("0102EEEE"))
    }

    @Test func tearCountsCompletedCommands() async throws {
        let tag = try await readyTag()
        tag.tearAfter(commands: 2, mode: .notDelivered)
        #expect(try await tag.exchange("00B0000002") == bytes("EEEE 9000"))
        #expect(try await tag.exchange("00B0000002") == bytes("EEEE 9000"))
        await #expect(throws: ChannelError.self) { _ = try await tag.exchange("00B0000002") }
        tag.present()
        tag.tearAfter(commands: 0, mode: .notDelivered)
        tag.cancelTear()
        #expect(try await tag.exchange("00A4040007D276000085010100") == bytes("9000"))
    }

    @Test func removedAndCrowdedTagsRefuseEveryCommand() async throws {
        let tag = try await readyTag()
        tag.remove()
        await #expect(throws: ChannelError.tagLost(command: nil)) { _ = try await tag.exchange("00B0000002") }
        tag.present()
        tag.placeAmongOtherTags(count: 3)
        await #expect(throws: ChannelError.multipleTags(count: 3)) {
            _ = try await tag.exchange("00A4040007D276000085010100")
        }
        tag.placeAmongOtherTags(count: 1)
        #expect(try await tag.exchange("00A4040007D276000085010100") == bytes("9000"))
        #expect(tag.commandLog.filter { if case .notSent = $0.outcome { true } else { false } }.count == 2)
    }

    @Test func failedWritesChangeNothing() async throws {
        let tag = try await readyTag(.ntag424DNA)
        tag.failWrites()
        #expect(try await tag.exchange(Self.update) == bytes("6581"))
        #expect(try await tag.exchange("908D00000802000000010000AA00") == bytes("91EE"))
        #expect(tag.contents(ofFile: 0xE104).map { Array($0[0..<8]) } == [UInt8](repeating: 0xEE, count: 8))
        tag.failWrites(iso: nil, native: nil)
        #expect(try await tag.exchange(Self.update) == bytes("9000"))
        #expect(tag.commandLog.last?.programmed == [ProgrammedBytes(file: 0xE104, offset: 0, count: 8)])
    }

    @Test func commandLogModelsAirTime() async throws {
        let tag = EmulatedType4Tag(model: .genericType4)
        tag.clearLog()
        _ = try await tag.exchange("00A4040007D276000085010100")
        let record = try #require(tag.commandLog.first)
        #expect(record.outcome == .response(ResponseAPDU(status: .success)))
        // 13-byte APDU in a 16-byte I-block: (1 + 9·16 + 2) bit periods of 128/fc; the FDT
        // (9·128 + 20)/fc; "90 00" in a 5-byte block: (9·5 + 2) bit periods.
        let bit = 128 / 13_560_000.0 * 1_000_000
        let expected =
            Double(1 + 9 * 16 + 2) * bit + (9 * 128 + 20) / 13_560_000.0 * 1_000_000 + Double(9 * 5 + 2) * bit
        #expect(abs(record.modeledMicroseconds - expected) < 0.01)
        // A write adds programming time.
        _ = try await tag.exchange("00A4000C02E104")
        _ = try await tag.exchange("00D60000020000")
        let write = try #require(tag.commandLog.last)
        #expect(write.modeledMicroseconds > Type4Timing.blockProgrammingMicroseconds)
        #expect(tag.modeledAirTimeMicroseconds > 0)
    }

    @Test func chainingCostsFramesButTheResponseIsWhole() {
        // A 258-byte response in the reader's 256-byte frames: 2 blocks; a 200-byte command in the
        // 424's 128-byte frames: 2 blocks (125 bytes of APDU per block).
        #expect(Type4Timing.blocks(apduBytes: 258, frameSize: 256) == 2)
        #expect(Type4Timing.blocks(apduBytes: 125, frameSize: 128) == 1)
        #expect(Type4Timing.blocks(apduBytes: 126, frameSize: 128) == 2)
        // FWT for FWI 7: 4096/fc · 2^7 ≈ 38.66 ms.
        #expect(abs(Type4Timing.frameWaitingMicroseconds(frameWaitingIndex: 7) - 38_663.7) < 1)
    }
}
