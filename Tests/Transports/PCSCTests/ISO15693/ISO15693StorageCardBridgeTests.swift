import PCSCTransport
import TagFrames
import TagTransport
import TestSupport
import Testing

@Suite struct ISO15693StorageCardBridgeTests {
    typealias Bridge = ISO15693StorageCardBridge<FakeVicinityChip>

    @Test func theATRIsThePartThreeISO15693ATR() {
        // pcsc-tools smartcard_list.txt: "3B 8F 80 01 80 4F 0C A0 00 00 03 06 0B 00 14 00 00 00 00 77" Philips ICode.
        let icode: [UInt8] = [
            0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, 0x0B, 0x00, 0x14, 0x00, 0x00, 0x00,
            0x00, 0x77,
        ]
        #expect(Bridge.atr(cardName: 0x0014) == icode)
        // "… 0B 00 12 00 00 00 00 71" Texas Instruments, "… 0B 00 00 00 00 00 00 63" EM.
        #expect(Bridge.atr(cardName: 0x0012).last == 0x71)
        #expect(Bridge.atr(cardName: 0x0000).last == 0x63)
        for name: UInt16 in [0x0000, 0x0012, 0x0014, 0xABCD] {
            let atr = Bridge.atr(cardName: name)
            #expect(CardKind(atr: atr) == .storageCard(standard: 0x0B, name: name))
            #expect(CardKind(atr: atr).isISO15693)
            #expect(atr.dropFirst().reduce(0, ^) == 0)
        }
    }

    @Test func theCardNameFollowsTheManufacturerByte() {
        #expect(Bridge.cardName(forUID: [0xE0, 0x04, 0x01]) == 0x0014)
        #expect(Bridge.cardName(forUID: [0xE0, 0x07, 0x00]) == 0x0012)
        #expect(Bridge.cardName(forUID: [0xE0, 0x02, 0x24]) == 0x0000)
        #expect(Bridge.cardName(forUID: []) == 0x0000)
    }

    @Test func getDataReturnsTheUIDInTheChosenOrder() async {
        let chip = FakeVicinityChip()
        let lsb = Bridge(chip: chip)
        #expect(await lsb.respond(to: [0xFF, 0xCA, 0x00, 0x00, 0x00]) == chip.uid.reversed() + [0x90, 0x00])
        let msb = Bridge(chip: chip, uidOrder: .msbFirst)
        #expect(await msb.respond(to: [0xFF, 0xCA, 0x00, 0x00, 0x00]) == chip.uid + [0x90, 0x00])
        #expect(await msb.respond(to: [0xFF, 0xCA, 0x00, 0x00, 0x04]) == [0x6C, 0x08])
        #expect(await msb.respond(to: [0xFF, 0xCA, 0x01, 0x00, 0x00]) == [0x6A, 0x81])
    }

    @Test func readAndUpdateBinaryDriveTheChipsBlockCommands() async {
        let chip = FakeVicinityChip()
        let bridge = Bridge(chip: chip)
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x03, 0x00]) == chip.block(3) + [0x90, 0x00])
        #expect(chip.requests.last == ISO15693Request(command: 0x20, parameters: [0x03]))
        #expect(bridge.blockSize == 4)
        // Le other than the block size: the reader names the right one.
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x03, 0x10]) == [0x6C, 0x04])
        #expect(await bridge.respond(to: [0xFF, 0xD6, 0x00, 0x03, 0x04, 9, 9, 9, 9]) == [0x90, 0x00])
        #expect(chip.block(3) == [9, 9, 9, 9])
        #expect(await bridge.respond(to: [0xFF, 0xD6, 0x00, 0x03, 0x02, 9, 9]) == [0x67, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0xD6, 0x00, 0x03, 0x05, 9, 9, 9, 9]) == [0x67, 0x00])
    }

    @Test func everyErrorCodeBecomesTheStatusWordOfTheTable() async {
        let chip = FakeVicinityChip()
        chip.lockedBlocks = [4]
        chip.failingWrites = [5]
        chip.failingReads = [6]
        let bridge = Bridge(chip: chip, blockSize: 4)
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x50, 0x04]) == [0x6A, 0x82])
        #expect(await bridge.respond(to: [0xFF, 0xD6, 0x00, 0x04, 0x04, 0, 0, 0, 0]) == [0x69, 0x82])
        #expect(await bridge.respond(to: [0xFF, 0xD6, 0x00, 0x05, 0x04, 0, 0, 0, 0]) == [0x65, 0x81])
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x06, 0x04]) == [0x64, 0x00])
        chip.gone = true
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x01, 0x04]) == [])
    }

    @Test func foreignCommandsGetTheStatusWordsAReaderGives() async {
        let bridge = Bridge(chip: FakeVicinityChip())
        #expect(await bridge.respond(to: [0x00, 0xA4, 0x04, 0x00, 0x02, 0xE1, 0x03]) == [0x6A, 0x82])
        #expect(await bridge.respond(to: [0x80, 0xCA, 0x00, 0x00, 0x00]) == [0x6E, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0x00, 0x00, 0x00, 0x02, 0xD4, 0x42]) == [0x6D, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00]) == [0x67, 0x00])
        #expect(await bridge.respond(to: [0xFF, 0xB0, 0x00, 0x00]) == [0x67, 0x00])
    }

    @Test func randomAPDUsNeverTrapAndAlwaysEndInAStatusWord() async {
        var rng = SplitMix64(seed: 0x1569_3B0B)
        let chip = FakeVicinityChip(blockCount: 300)
        let bridge = Bridge(chip: chip)
        for _ in 0..<3000 {
            let count = Int.random(in: 0...20, using: &rng)
            var apdu = rng.bytes(count)
            if count > 1, Bool.random(using: &rng) {
                apdu[0] = 0xFF
                apdu[1] = [0xCA, 0xB0, 0xD6][Int.random(in: 0..<3, using: &rng)]
            }
            let response = await bridge.respond(to: apdu)
            #expect(response.count >= 2)
        }
    }
}
