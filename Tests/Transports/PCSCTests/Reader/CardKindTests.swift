import PCSCTransport
import TestSupport
import Testing

@Suite struct CardKindTests {
    @Test func partThreeStorageCardsAreNamedFromTheirHistoricalBytes() {
        // 3B 8F 80 01 | 80 4F 0C | A0 00 00 03 06 (PC/SC RID) | 03 (ISO 14443 A-3) | 00 01 (Classic 1K) | 00 00 00 00 | TCK 6A
        let classic: [UInt8] = [
            0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00,
            0x00, 0x6A,
        ]
        #expect(CardKind(atr: classic) == .storageCard(standard: 0x03, name: 0x0001))
        #expect(!CardKind(atr: classic).isType2)
        let ultralight = StorageCardBridge<MemoryTag>.ultralightATR
        #expect(CardKind(atr: ultralight).isType2)
        #expect(CardKind(atr: ultralight).summary.contains("NTAG"))
    }

    @Test func isoDepCardsKeepTheirHistoricalBytes() {
        // 3B 88 80 01 | 8 historical bytes from the ATS | TCK (a DESFire-like answer).
        let historical: [UInt8] = [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
        var atr: [UInt8] = [0x3B, 0x88, 0x80, 0x01] + historical
        atr.append(atr.dropFirst().reduce(0, ^))
        #expect(CardKind(atr: atr) == .isoDep(historicalBytes: historical))
    }

    @Test func iso15693AndFeliCaAreToldByTheStandardByte() {
        // smartcard_list.txt: "… 03 06 0B 00 12 00 00 00 00 71" Texas Instruments ISO 15693.
        let tagIt: [UInt8] = [
            0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, 0x0B, 0x00, 0x12, 0x00, 0x00, 0x00,
            0x00, 0x71,
        ]
        #expect(CardKind(atr: tagIt).isISO15693)
        #expect(!CardKind(atr: tagIt).isFeliCa)
        #expect(!CardKind(atr: tagIt).isType2)
        #expect(CardKind(atr: tagIt).summary.contains("Texas Instruments"))
        // "… 03 06 0A 00 1C 00 00 00 00 7E" HID iCLASS: ISO 15693 part 2 only, no block commands.
        var iclass = tagIt
        iclass[12] = 0x0A
        iclass[14] = 0x1C
        #expect(!CardKind(atr: iclass).isISO15693)
        #expect(CardKind(atr: [UInt8](tagIt.prefix(12)) + [0x11, 0x00, 0x3B, 0, 0, 0, 0, 0x42]).isFeliCa)
        #expect(CardKind.storageCard(standard: 0x03, name: 0xF012).isFeliCa)
        #expect(!CardKind.isoDep(historicalBytes: []).isISO15693)
    }

    @Test func truncatedAndRandomATRsNeverTrap() {
        #expect(CardKind(atr: []) == .unknown)
        #expect(CardKind(atr: [0x3B]) == .unknown)
        // Claims 15 historical bytes, has 2.
        #expect(CardKind(atr: [0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F]) == .unknown)
        var rng = SplitMix64(seed: 33)
        for _ in 0..<5000 {
            _ = CardKind(atr: rng.bytes(Int.random(in: 0...33, using: &rng)))
        }
    }
}
