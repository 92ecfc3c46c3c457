import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import Testing

/// The emulated MIFARE Classic against the MF1S50yyX / MF1S70yyX datasheets' access tables
/// (§8.7.2 data blocks, §8.7.3 sector trailer) and the delivery state (§8.7 "FF 07 80 69").
@Suite struct ClassicChipTests {
    static let transport: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
    static let ndefKey: [UInt8] = [0xD3, 0xF7, 0xD3, 0xF7, 0xD3, 0xF7]
    static let keyB: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06]

    /// A trailer of key A, the three access bytes with a GPB, and key B.
    static func trailer(keyA: [UInt8], access: [UInt8], gpb: UInt8 = 0x40, keyB: [UInt8]) -> [UInt8] {
        keyA + access + [gpb] + keyB
    }

    static func refusal(_ sw1: UInt8, _ sw2: UInt8, _ label: CommandLabel) -> ChannelError {
        .statusWord(sw1: sw1, sw2: sw2, command: label)
    }

    @Test func factoryTrailerReadsKeyAAsZerosAndTheTransportBits() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K, uid: [0x11, 0x22, 0x33, 0x44])
        try await tag.authenticate(block: 7, role: .a, key: Self.transport)
        // Trailer 001: access bits and key B readable with key A; key A never.
        #expect(try await tag.readBlock(7) == [0, 0, 0, 0, 0, 0, 0xFF, 0x07, 0x80, 0x69] + Self.transport)
        #expect(tag.blocks[7] == EmulatedClassicTag.transportTrailer)
        // Block 0: UID, BCC 11^22^33^44 = 44, SAK 08, ATQA 04 00.
        try await tag.authenticate(block: 0, role: .a, key: Self.transport)
        #expect(Array(try await tag.readBlock(0).prefix(8)) == [0x11, 0x22, 0x33, 0x44, 0x44, 0x08, 0x04, 0x00])
    }

    @Test func aWrongKeyIsRefusedWithTheBlockAndNothingStaysAuthenticated() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K)
        try await tag.authenticate(block: 4, role: .a, key: Self.transport)
        _ = try await tag.readBlock(4)
        await #expect(throws: Self.refusal(0x63, 0x00, ClassicCommand.authenticate(block: 5, role: .a))) {
            try await tag.authenticate(block: 5, role: .a, key: Self.ndefKey)
        }
        await #expect(throws: Self.refusal(0x69, 0x82, ClassicCommand.read(block: 4))) {
            try await tag.readBlock(4)
        }
        #expect(
            ClassicCommand.authenticate(block: 5, role: .a).description
                == "MIFARE Classic AUTHENTICATE with key A (60 05)")
    }

    @Test func anotherSectorThanTheAuthenticatedOneIsRefused() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K)
        try await tag.authenticate(block: 4, role: .a, key: Self.transport)
        await #expect(throws: Self.refusal(0x69, 0x82, ClassicCommand.read(block: 8))) { try await tag.readBlock(8) }
        await #expect(throws: Self.refusal(0x6A, 0x82, ClassicCommand.read(block: 64))) { try await tag.readBlock(64) }
    }

    /// Transport trailer 001 lets key B be read: key B is then data and grants nothing.
    @Test func aReadableKeyBAuthenticatesButGrantsNothing() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K)
        try await tag.authenticate(block: 4, role: .b, key: Self.transport)
        await #expect(throws: Self.refusal(0x69, 0x82, ClassicCommand.read(block: 4))) { try await tag.readBlock(4) }
    }

    /// AN1304's NDEF sector: data 000, trailer 011 (`7F 07 88`): key A reads and writes the data,
    /// only key B changes the trailer, and key B is not readable.
    @Test func ndefWritableBitsLetKeyAWriteDataAndOnlyKeyBTheTrailer() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K)
        let trailer = Self.trailer(keyA: Self.ndefKey, access: [0x7F, 0x07, 0x88], keyB: Self.keyB)
        tag.setBlock(7, to: trailer)
        try await tag.authenticate(block: 4, role: .a, key: Self.ndefKey)
        let data = [UInt8](0..<16)
        try await tag.writeBlock(5, data)
        #expect(try await tag.readBlock(5) == data)
        #expect(try await tag.readBlock(7) == [0, 0, 0, 0, 0, 0, 0x7F, 0x07, 0x88, 0x40, 0, 0, 0, 0, 0, 0])
        await #expect(throws: Self.refusal(0x69, 0x82, ClassicCommand.write(block: 7))) {
            try await tag.writeBlock(
                7, Self.trailer(keyA: Self.transport, access: [0xFF, 0x07, 0x80], keyB: Self.keyB))
        }
        #expect(tag.blocks[7] == trailer)
        try await tag.authenticate(block: 7, role: .b, key: Self.keyB)
        let readOnly = Self.trailer(keyA: Self.ndefKey, access: [0x07, 0x8F, 0x0F], keyB: Self.keyB)
        try await tag.writeBlock(7, readOnly)
        #expect(tag.blocks[7] == readOnly)
    }

    /// AN1304's read-only NDEF sector: data 010, trailer 110 (`07 8F 0F`): data readable with
    /// either key, writable by none, the trailer frozen.
    @Test func readOnlyBitsRefuseEveryWrite() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K)
        tag.setBlock(7, to: Self.trailer(keyA: Self.ndefKey, access: [0x07, 0x8F, 0x0F], keyB: Self.keyB))
        tag.setBlock(5, to: [UInt8](repeating: 0xAB, count: 16))
        for (role, key) in [(ClassicKeyRole.a, Self.ndefKey), (.b, Self.keyB)] {
            try await tag.authenticate(block: 4, role: role, key: key)
            #expect(try await tag.readBlock(5) == [UInt8](repeating: 0xAB, count: 16))
            await #expect(throws: Self.refusal(0x69, 0x82, ClassicCommand.write(block: 5))) {
                try await tag.writeBlock(5, [UInt8](repeating: 0, count: 16))
            }
            try await tag.authenticate(block: 4, role: role, key: key)
            await #expect(throws: Self.refusal(0x69, 0x82, ClassicCommand.write(block: 7))) {
                try await tag.writeBlock(7, EmulatedClassicTag.transportTrailer)
            }
        }
        #expect(tag.blocks[5] == [UInt8](repeating: 0xAB, count: 16))
    }

    /// A trailer under 000 lets key A write both keys but not the access bits: a trailer write
    /// changes the keys and keeps the bits.
    @Test func aTrailerWriteChangesOnlyThePartsTheBitsAllow() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K)
        tag.setBlock(
            7, to: Self.trailer(keyA: Self.transport, access: [0xFF, 0x0F, 0x00], gpb: 0x69, keyB: Self.transport))
        try await tag.authenticate(block: 7, role: .a, key: Self.transport)
        try await tag.writeBlock(7, Self.trailer(keyA: Self.ndefKey, access: [0x7F, 0x07, 0x88], keyB: Self.keyB))
        #expect(
            tag.blocks[7] == Self.trailer(keyA: Self.ndefKey, access: [0xFF, 0x0F, 0x00], gpb: 0x69, keyB: Self.keyB))
    }

    /// Datasheet §8.7.1: access bytes whose inverted copies disagree block the sector.
    @Test func brokenAccessBytesBlockTheSector() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K)
        tag.setBlock(11, to: Self.trailer(keyA: Self.transport, access: [0xFF, 0x07, 0x81], keyB: Self.transport))
        await #expect(throws: Self.refusal(0x63, 0x00, ClassicCommand.authenticate(block: 8, role: .a))) {
            try await tag.authenticate(block: 8, role: .a, key: Self.transport)
        }
    }

    @Test func blockZeroIsReadOnly() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K)
        try await tag.authenticate(block: 0, role: .a, key: Self.transport)
        await #expect(throws: Self.refusal(0x69, 0x82, ClassicCommand.write(block: 0))) {
            try await tag.writeBlock(0, [UInt8](repeating: 0, count: 16))
        }
    }

    /// MF1S70yyX: sectors 32–39 have 16 blocks; block 200 lies in sector 36 (blocks 192–207),
    /// whose groups are blocks 0–4, 5–9, 10–14 and the trailer 207.
    @Test func fourKLargeSectorsHaveSixteenBlocksAndFiveBlockGroups() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic4K, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
        #expect(tag.blockCount == 256)
        #expect(tag.atqa == [0x42, 0x00])
        #expect(tag.blocks[207] == EmulatedClassicTag.transportTrailer)
        // Group 0 (blocks 192–196) read-only (010), groups 1 and 2 free (000), trailer 001.
        // C1 = 0000, C2 = 0001, C3 = 1000: byte 6 = ¬C2 ¬C1 = E F, byte 7 = C1 ¬C3 = 0 7, byte 8 = C3 C2 = 8 1.
        tag.setBlock(207, to: Self.trailer(keyA: Self.transport, access: [0xEF, 0x07, 0x81], keyB: Self.transport))
        try await tag.authenticate(block: 200, role: .a, key: Self.transport)
        await #expect(throws: Self.refusal(0x69, 0x82, ClassicCommand.write(block: 196))) {
            try await tag.writeBlock(196, [UInt8](repeating: 1, count: 16))
        }
        try await tag.authenticate(block: 200, role: .a, key: Self.transport)
        try await tag.writeBlock(197, [UInt8](repeating: 2, count: 16))
        await #expect(throws: Self.refusal(0x69, 0x82, ClassicCommand.read(block: 191))) {
            try await tag.readBlock(191)
        }
        #expect(tag.blocks[197] == [UInt8](repeating: 2, count: 16))
    }

    /// A torn block write lands its first 8 bytes and keeps the old last 8 (no tearing protection
    /// on a MIFARE Classic block); the authentication ends with the field.
    @Test func aTornWriteHalfWritesTheBlockAndEndsTheAuthentication() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K)
        try await tag.authenticate(block: 4, role: .a, key: Self.transport)
        tag.tearAfter(commands: 0, mode: .corruptedWrite)
        await #expect(throws: ChannelError.tagLost(command: ClassicCommand.write(block: 4))) {
            try await tag.writeBlock(4, [UInt8](repeating: 9, count: 16))
        }
        #expect(tag.blocks[4] == [UInt8](repeating: 9, count: 8) + [UInt8](repeating: 0, count: 8))
        await #expect(throws: ChannelError.tagLost(command: nil)) { try await tag.readBlock(4) }
        tag.present()
        await #expect(throws: Self.refusal(0x69, 0x82, ClassicCommand.read(block: 4))) { try await tag.readBlock(4) }

        try await tag.authenticate(block: 4, role: .a, key: Self.transport)
        tag.tearAfter(commands: 0, mode: .replyLost)
        await #expect(throws: ChannelError.tagLost(command: ClassicCommand.write(block: 4))) {
            try await tag.writeBlock(4, [UInt8](repeating: 9, count: 16))
        }
        #expect(tag.blocks[4] == [UInt8](repeating: 9, count: 16))
    }

    /// A torn sector trailer whose new access bits differ from the old in their third byte is a
    /// sector blocked for good: its inverted copies disagree, and no key opens it again.
    @Test func aTornTrailerCanBlockItsSector() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K)
        try await tag.authenticate(block: 7, role: .a, key: Self.transport)
        tag.tearAfter(commands: 0, mode: .corruptedWrite)
        let ndefTrailer: [UInt8] = [0xD3, 0xF7, 0xD3, 0xF7, 0xD3, 0xF7, 0x7F, 0x07, 0x88, 0x40] + Self.transport
        await #expect(throws: ChannelError.tagLost(command: ClassicCommand.write(block: 7))) {
            try await tag.writeBlock(7, ndefTrailer)
        }
        #expect(Array(tag.blocks[7][6..<9]) == [0x7F, 0x07, 0x80])
        tag.present()
        await #expect(throws: (any Error).self) {
            try await tag.authenticate(block: 4, role: .a, key: [0xD3, 0xF7, 0xD3, 0xF7, 0xD3, 0xF7])
            _ = try await tag.readBlock(4)
        }
    }

    @Test func keysLoadOnlyIntoTwoSlotsOfSixBytes() async throws {
        let tag = EmulatedClassicTag(model: .mifareClassic1K)
        await #expect(throws: Self.refusal(0x63, 0x00, ClassicCommand.loadKey(slot: 2))) {
            try await tag.loadKey(Self.transport, slot: 2)
        }
        try await tag.loadKey(Self.transport, slot: 1)
        try await tag.authenticate(block: 1, role: .a, slot: 1)
        await #expect(throws: Self.refusal(0x63, 0x00, ClassicCommand.authenticate(block: 1, role: .a))) {
            try await tag.authenticate(block: 1, role: .a, slot: 0)
        }
    }
}
