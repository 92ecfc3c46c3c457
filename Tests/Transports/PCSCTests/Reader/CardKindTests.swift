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
