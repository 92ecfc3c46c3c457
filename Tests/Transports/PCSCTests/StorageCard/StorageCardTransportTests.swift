import PCSCTransport
import TagTransport
import TapCardSupport
import TestSupport
import Testing

@Suite struct StorageCardTransportTests {
    func make() -> (MemoryTag, BridgeChannel<MemoryTag>, StorageCardTransport<BridgeChannel<MemoryTag>>) {
        let tag = MemoryTag.ntag213()
        let channel = BridgeChannel(bridge: StorageCardBridge(tag: tag, totalPages: 45))
        return (tag, channel, StorageCardTransport(channel: channel, readerName: "Test Reader"))
    }

    @Test func readAndWriteTranslateToPartThreeAPDUs() async throws {
        let (tag, channel, transport) = make()
        let page4 = try await transport.transceive([0x30, 0x04])
        #expect(page4 == Array(tag.memory[16..<32]))
        #expect(channel.log.last == [0xFF, 0xB0, 0x00, 0x04, 0x10])
        let ack = try await transport.transceive([0xA2, 0x05, 0x01, 0x02, 0x03, 0x04])
        #expect(ack == [0x0A])
        #expect(channel.log.last == [0xFF, 0xD6, 0x00, 0x05, 0x04, 0x01, 0x02, 0x03, 0x04])
        #expect(try await transport.uid() == [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
    }

    @Test func randomWritesReadBackThroughTheWholeChain() async throws {
        var rng = SplitMix64(seed: 213)
        let (tag, _, transport) = make()
        var model = tag.memory
        for _ in 0..<300 {
            let page = Int.random(in: 4...39, using: &rng)
            let data = rng.bytes(4)
            _ = try await transport.transceive([0xA2, UInt8(page)] + data)
            model.replaceSubrange((page * 4)..<(page * 4 + 4), with: data)
            let readPage = Int.random(in: 0...44, using: &rng)
            let read = try await transport.transceive([0x30, UInt8(readPage)])
            #expect(read == (0..<16).map { model[(readPage * 4 + $0) % 180] })
        }
        #expect(tag.memory == model)
    }

    @Test func statusWordsBecomeTheTagsRefusals() async {
        let (tag, _, transport) = make()
        // 6A 82 (out of range) is what the tag's NAK 0 looks like through the reader.
        await #expect(throws: ChannelError.nak(code: 0, command: 0x30)) {
            try await transport.transceive([0x30, 0x2D])
        }
        tag.lockedPages = [6]
        // 69 82 (security status: locked): the tag refused, origin .tag.
        do {
            _ = try await transport.transceive([0xA2, 0x06, 1, 2, 3, 4])
            Issue.record("a locked page was written")
        } catch {
            #expect(error == .statusWord(sw1: 0x69, sw2: 0x82, command: 0xA2))
            #expect(error.origin == .tag)
        }
    }

    @Test func passThroughCommandsWorkWhereTheReaderOffersIt() async throws {
        let (tag, _, transport) = make()
        #expect(try await transport.transceive([0x60]) == MemoryTag.version)
        #expect(transport.passThroughAvailable == true)
        // FAST_READ goes through pass-through too; the memory tag NAKs it (it has no FAST_READ).
        await #expect(throws: ChannelError.nak(code: 0, command: 0x3A)) {
            try await transport.transceive([0x3A, 0x04, 0x07])
        }
        #expect(tag.commands.last == [0x3A, 0x04, 0x07])
    }

    @Test func withoutPassThroughNTAGCommandsAreUnsupportedAndFastReadFallsBack() async throws {
        let (tag, channel, transport) = make()
        channel.refusesPassThrough = true
        do {
            _ = try await transport.transceive([0x60])
            Issue.record("GET_VERSION went through a reader without pass-through")
        } catch {
            guard case .unsupported(let command, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(command == 0x60)
            #expect(reason.contains("6D 00"))
        }
        #expect(transport.passThroughAvailable == false)
        // FAST_READ pages 4…10 (7 pages, 28 bytes) from two FF B0 reads.
        let data = try await transport.transceive([0x3A, 0x04, 0x0A])
        #expect(data == Array(tag.memory[16..<44]))
        #expect(channel.log.suffix(2) == [[0xFF, 0xB0, 0x00, 0x04, 0x10], [0xFF, 0xB0, 0x00, 0x08, 0x10]])
    }

    /// PWD_AUTH (1B) goes through the reader's pass-through; a reader without one refuses it
    /// before anything reaches the tag, naming the command, and no other APDU is sent for it.
    @Test func passwordAuthenticationNeedsThePassThrough() async throws {
        let (tag, channel, transport) = make()
        // The memory tag has no password: it NAKs PWD_AUTH, and the NAK comes back as the tag's.
        await #expect(throws: ChannelError.nak(code: 0, command: 0x1B)) {
            try await transport.transceive([0x1B, 0x1A, 0x2B, 0x3C, 0x4D])
        }
        #expect(tag.commands.last == [0x1B, 0x1A, 0x2B, 0x3C, 0x4D])
        #expect(channel.log.last == [0xFF, 0x00, 0x00, 0x00, 0x07, 0xD4, 0x42, 0x1B, 0x1A, 0x2B, 0x3C, 0x4D])

        let (_, refusing, withoutPassThrough) = make()
        refusing.refusesPassThrough = true
        do {
            _ = try await withoutPassThrough.transceive([0x1B, 0x1A, 0x2B, 0x3C, 0x4D])
            Issue.record("PWD_AUTH went through a reader without pass-through")
        } catch {
            guard case .unsupported(let command, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(command == 0x1B)
            #expect(error.sentence.hasPrefix("This reader cannot send PWD_AUTH (0x1B)"))
        }
        #expect(refusing.log.count == 1)
    }

    @Test func aRemovedCardIsALostTag() async {
        let (_, channel, transport) = make()
        channel.removeAfter = 0
        await #expect(throws: ChannelError.tagLost(command: 0xA2)) {
            try await transport.transceive([0xA2, 0x04, 1, 2, 3, 4])
        }
    }

    @Test func anEmptyResponseIsALostTagNotTheTagsAnswer() async {
        let transport = StorageCardTransport(channel: SilentChannel(), readerName: "Test Reader")
        do {
            _ = try await transport.transceive([0xA2, 0x06, 1, 2, 3, 4])
            Issue.record("an empty response was taken for an answer")
        } catch {
            #expect(error == .tagLost(command: 0xA2))
            #expect(error.origin == .transport)
        }
    }

    @Test func longFastReadsGoThroughThePassThroughInPiecesThatFitAnAPDU() async throws {
        let (tag, channel, transport) = make()
        tag.supportsFastRead = true
        let data = try await transport.transceive([0x3A, 0x00, 0x2C])
        #expect(data == tag.memory)
        // 45 pages: 0…58 fits in one piece; a 231-page NTAG216 would take four.
        #expect(channel.log.last == [0xFF, 0x00, 0x00, 0x00, 0x05, 0xD4, 0x42, 0x3A, 0x00, 0x2C])
        let big = MemoryTag(memory: [UInt8](repeating: 0x5A, count: 924))
        big.supportsFastRead = true
        let bigChannel = BridgeChannel(bridge: StorageCardBridge(tag: big, totalPages: 231))
        let bigTransport = StorageCardTransport(channel: bigChannel, readerName: "Test Reader")
        #expect(try await bigTransport.transceive([0x3A, 0x00, 0xE6]) == big.memory)
        #expect(
            bigChannel.log.map { Array($0.suffix(2)) } == [[0x00, 0x3A], [0x3B, 0x75], [0x76, 0xB0], [0xB1, 0xE6]])
        #expect(bigChannel.log.allSatisfy { $0.count <= 10 })
    }
}

/// A reader that hands back empty responses, as pcscd does when vpcd's card vanishes mid-command.
final class SilentChannel: APDUChannel {
    func transmit(_ apdu: [UInt8]) async throws(PCSCError) -> [UInt8] { [] }
    func reset() async throws(PCSCError) {}
}
