import PCSCTransport
import TagFrames
import TagTransport
import Testing

/// The host's MIFARE Classic channel and the vpcd bridge that plays the reader, against each other
/// and against the PC/SC Part 3 bytes (LOAD KEYS `FF 82`, GENERAL AUTHENTICATE `FF 86`, READ
/// BINARY `FF B0`, UPDATE BINARY `FF D6`).
@Suite struct PCSCClassicChannelTests {
    static let transport: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]

    /// The channel, a reader that logs the APDUs, and the card behind the bridge.
    static func stack() -> (PCSCClassicChannel<ScriptedAPDUChannel>, ScriptedAPDUChannel, MiniClassicCard) {
        let card = MiniClassicCard()
        let bridge = ClassicStorageCardBridge(card: card)
        let reader = ScriptedAPDUChannel { apdu in await bridge.respond(to: apdu) }
        let channel = PCSCClassicChannel(channel: reader, readerName: "test", uid: card.uid, blockCount: 64)
        return (channel, reader, card)
    }

    /// pcsc-tools' `smartcard_list.txt`: Classic 1K and 4K ATRs, and what CardKind makes of them.
    @Test func theATRsOfClassic1KAnd4K() {
        let oneK: [UInt8] = [
            0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00,
            0x00, 0x6A,
        ]
        let fourK: [UInt8] = Array(oneK[0..<14]) + [0x02, 0x00, 0x00, 0x00, 0x00, 0x69]
        #expect(ClassicStorageCardBridge<MiniClassicCard>.atr(cardName: 0x0001) == oneK)
        #expect(ClassicStorageCardBridge<MiniClassicCard>.atr(cardName: 0x0002) == fourK)
        #expect(CardKind(atr: oneK).classicBlockCount == 64)
        #expect(CardKind(atr: fourK).classicBlockCount == 256)
        #expect(CardKind(atr: oneK).isClassic && !CardKind(atr: oneK).isType2)
        // An Ultralight (name 00 03) and an ISO 15693 card with name 00 01 are no Classic.
        let ultralight = Array(oneK[0..<14]) + [0x03, 0x00, 0x00, 0x00, 0x00, 0x68]
        #expect(!CardKind(atr: ultralight).isClassic)
        #expect(!CardKind(atr: Array(oneK[0..<12]) + [0x0B, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x62]).isClassic)
    }

    @Test func eachOperationIsOnePCSCPart3APDU() async throws {
        let (channel, reader, card) = Self.stack()
        try await channel.authenticate(block: 5, role: .a, key: Self.transport)
        let data = [UInt8](0x10..<0x20)
        try await channel.writeBlock(5, data)
        #expect(try await channel.readBlock(5) == data)
        #expect(card.blocks[5] == data)
        #expect(
            reader.log == [
                [0xFF, 0x82, 0x00, 0x00, 0x06] + Self.transport,
                [0xFF, 0x86, 0x00, 0x00, 0x05, 0x01, 0x00, 0x05, 0x60, 0x00],
                [0xFF, 0xD6, 0x00, 0x05, 0x10] + data,
                [0xFF, 0xB0, 0x00, 0x05, 0x10],
            ])
    }

    @Test func refusalsCarryTheBlockAndTheStatusWord() async throws {
        let (channel, _, card) = Self.stack()
        card.keyA = [1, 2, 3, 4, 5, 6]
        let refused = ChannelError.statusWord(
            sw1: 0x63, sw2: 0x00, command: ClassicCommand.authenticate(block: 9, role: .a))
        await #expect(throws: refused) { try await channel.authenticate(block: 9, role: .a, key: Self.transport) }
        #expect(
            refused.sentence
                == "The reader refused MIFARE Classic AUTHENTICATE with key A (60 09) with status word 63 00 (no information given: the operation failed)."
        )
        #expect(ClassicCommand.isKeyRefusal(refused))
        await #expect(throws: ChannelError.statusWord(sw1: 0x69, sw2: 0x82, command: ClassicCommand.read(block: 9))) {
            try await channel.readBlock(9)
        }
        await #expect(throws: ChannelError.statusWord(sw1: 0x6A, sw2: 0x82, command: ClassicCommand.write(block: 64))) {
            try await channel.writeBlock(64, [UInt8](repeating: 0, count: 16))
        }
        card.isPresent = false
        await #expect(throws: ChannelError.tagLost(command: ClassicCommand.read(block: 9))) {
            try await channel.readBlock(9)
        }
    }

    @Test func aReaderWithoutTheCommandsSaysSo() async {
        let reader = ScriptedAPDUChannel { _ in [0x6D, 0x00] }
        let channel = PCSCClassicChannel(channel: reader, readerName: "R", uid: [1, 2, 3, 4], blockCount: 64)
        await #expect(throws: ChannelError.self) { try await channel.loadKey(Self.transport, slot: 0) }
        do {
            try await channel.loadKey(Self.transport, slot: 0)
        } catch {
            guard case .unsupported(let command, let reason) = error else {
                Issue.record("expected .unsupported, got \(error)")
                return
            }
            #expect(command == ClassicCommand.loadKey(slot: 0))
            #expect(reason.contains("'R'") && reason.contains("6D 00"))
        }
    }

    /// What a reader answers to malformed storage-card APDUs (length, instruction, class, key type).
    @Test func theBridgeAnswersMalformedAPDUsAsAReader() async {
        let bridge = ClassicStorageCardBridge(card: MiniClassicCard())
        #expect(await bridge.respond(to: [0xFF, 0xCA, 0x00, 0x00, 0x00]) == [0xDE, 0xAD, 0xBE, 0xEF, 0x90, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0xCA, 0x00, 0x00, 0x02]) == [0x6C, 0x04])
        #expect(await bridge.respond(to: [0xFF, 0x82, 0x00, 0x00, 0x05, 1, 2, 3, 4, 5]) == [0x67, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0x82, 0x20, 0x00, 0x06] + Self.transport) == [0x69, 0x86])
        #expect(
            await bridge.respond(to: [0xFF, 0x86, 0x00, 0x00, 0x05, 0x01, 0x00, 0x04, 0x62, 0x00]) == [0x6A, 0x80])
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x04, 0x04]) == [0x6C, 0x10])
        #expect(await bridge.respond(to: [0xFF, 0xD6, 0x00, 0x04, 0x04, 1, 2, 3, 4]) == [0x67, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0x12, 0x00, 0x00]) == [0x6D, 0x00])
        #expect(await bridge.respond(to: [0x00, 0xA4, 0x04, 0x00, 0x00]) == [0x6A, 0x82])
        // The ACR122U's older AUTHENTICATE: FF 88 00 block keytype slot.
        #expect(await bridge.respond(to: [0xFF, 0x82, 0x00, 0x01, 0x06] + Self.transport) == [0x90, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0x88, 0x00, 0x08, 0x60, 0x01]) == [0x90, 0x00])
        #expect(
            await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x08, 0x00]) == [UInt8](repeating: 0, count: 16) + [0x90, 0x00])
    }
}
