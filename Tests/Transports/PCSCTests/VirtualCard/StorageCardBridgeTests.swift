import PCSCTransport
import TagTransport
import TestSupport
import Testing

@Suite struct StorageCardBridgeTests {
    func make() -> (MemoryTag, StorageCardBridge<MemoryTag>) {
        let tag = MemoryTag.ntag213()
        return (tag, StorageCardBridge(tag: tag, totalPages: 45))
    }

    @Test func getDataReturnsTheSevenByteUIDFromPagesZeroAndOne() async {
        let (_, bridge) = make()
        // FF CA 00 00 00: GET DATA, UID, Le = 00 (all) → UID0..UID2 (page 0), UID3..UID6 (page 1), 90 00.
        let response = await bridge.respond(to: [0xFF, 0xCA, 0x00, 0x00, 0x00])
        #expect(response == [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x90, 0x00])
        // Le = 04 is too short for a 7-byte UID: 6C 07 tells the right Le.
        #expect(await bridge.respond(to: [0xFF, 0xCA, 0x00, 0x00, 0x04]) == [0x6C, 0x07])
        // P1 = 01 asks for historical bytes, which a Type 2 tag has not.
        #expect(await bridge.respond(to: [0xFF, 0xCA, 0x01, 0x00, 0x00]) == [0x6A, 0x81])
    }

    @Test func readBinaryReturnsFourPagesAndRollsOverAtTheEnd() async {
        let (tag, bridge) = make()
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x03, 0x10]) == Array(tag.memory[12..<28]) + [0x90, 0x00])
        // Page 44 is the last of 45: the tag's READ wraps to pages 0, 1, 2.
        let wrapped = await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x2C, 0x10])
        #expect(wrapped == Array(tag.memory[176..<180]) + Array(tag.memory[0..<12]) + [0x90, 0x00])
        // Le shorter than 16 returns a prefix; Le above 16 is answered with the right Le.
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x03, 0x04]) == [0xE1, 0x10, 0x12, 0x00, 0x90, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x03, 0x20]) == [0x6C, 0x10])
        // Page 45 does not exist.
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x2D, 0x10]) == [0x6A, 0x82])
    }

    @Test func updateBinaryWritesPagesAndReportsLockedAndOutOfRange() async {
        let (tag, bridge) = make()
        #expect(await bridge.respond(to: [0xFF, 0xD6, 0x00, 0x04, 0x04, 0xDE, 0xAD, 0xBE, 0xEF]) == [0x90, 0x00])
        #expect(Array(tag.memory[16..<20]) == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(tag.commands.last == [0xA2, 0x04, 0xDE, 0xAD, 0xBE, 0xEF])
        tag.lockedPages = [5]
        #expect(await bridge.respond(to: [0xFF, 0xD6, 0x00, 0x05, 0x04, 1, 2, 3, 4]) == [0x69, 0x82])
        #expect(await bridge.respond(to: [0xFF, 0xD6, 0x00, 0x2D, 0x04, 1, 2, 3, 4]) == [0x6A, 0x82])
        // Lc must match the data, and be whole pages.
        #expect(await bridge.respond(to: [0xFF, 0xD6, 0x00, 0x06, 0x04, 1, 2, 3]) == [0x67, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0xD6, 0x00, 0x06, 0x03, 1, 2, 3]) == [0x67, 0x00])
    }

    @Test func passThroughCarriesRawCommandsAndNAKs() async {
        let (_, bridge) = make()
        // FF 00 00 00 03 D4 42 60: InCommunicateThru GET_VERSION → D5 43 00 <8 bytes> 90 00.
        let version = await bridge.respond(to: [0xFF, 0x00, 0x00, 0x00, 0x03, 0xD4, 0x42, 0x60])
        #expect(version == [0xD5, 0x43, 0x00] + MemoryTag.version + [0x90, 0x00])
        // A command the tag NAKs: the 4-bit NAK comes through as one data byte.
        let nak = await bridge.respond(to: [0xFF, 0x00, 0x00, 0x00, 0x04, 0xD4, 0x42, 0x3C, 0x00])
        #expect(nak == [0xD5, 0x43, 0x00, 0x00, 0x90, 0x00])
        #expect(
            await bridge.respond(to: [0xFF, 0x00, 0x48, 0x00, 0x00]) == StorageCardBridge<MemoryTag>.firmware + [
                0x90, 0x00,
            ])
    }

    @Test func foreignCommandsGetTheStatusWordsAReaderGives() async {
        let (_, bridge) = make()
        #expect(
            await bridge.respond(to: [0x00, 0xA4, 0x04, 0x00, 0x07, 0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01, 0x00])
                == [0x6A, 0x82])
        #expect(await bridge.respond(to: [0x80, 0xCA, 0x00, 0x00, 0x00]) == [0x6E, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0x84, 0x00, 0x00, 0x00]) == [0x6D, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0xB0]) == [0x67, 0x00])
    }

    @Test func randomAPDUsNeverTrapAndAlwaysEndInAStatusWord() async {
        var rng = SplitMix64(seed: 0x7A9C_A4D0)
        let (_, bridge) = make()
        for _ in 0..<2000 {
            let count = Int.random(in: 0...24, using: &rng)
            var apdu = rng.bytes(count)
            if count > 0, Bool.random(using: &rng) { apdu[0] = 0xFF }
            let response = await bridge.respond(to: apdu)
            #expect(response.count >= 2)
        }
    }

    @Test func theATRIsThePartThreeUltralightATR() {
        let atr = StorageCardBridge<MemoryTag>.ultralightATR
        #expect(CardKind(atr: atr) == .storageCard(standard: 0x03, name: 0x0003))
        // TCK: the XOR of T0 … the last historical byte is 0x68 (ISO 7816-3 §8.2.5).
        #expect(atr.dropFirst().dropLast().reduce(0, ^) == atr.last)
    }
}
