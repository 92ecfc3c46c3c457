import Testing

@testable import PCSCTransport

/// The one PC/SC Part 3 storage-card ATR builder behind the three vpcd bridges, against the ATRs
/// pcsc-tools' `smartcard_list.txt` lists for these cards (the known answers are written out here,
/// not computed).
@Suite struct StorageCardATRTests {
    static let prefix: [UInt8] = [0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06]

    @Test func theBridgesAnnounceTheATRsReadersBuild() {
        // MIFARE Ultralight family (NTAG included): standard 03, name 00 03, TCK 68.
        #expect(
            StorageCardBridge<MemoryTag>.ultralightATR
                == Self.prefix + [0x03, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00, 0x68])
        // MIFARE Classic 1K and 4K: names 00 01 and 00 02, TCK 6A and 69.
        #expect(
            ClassicStorageCardBridge<MiniClassicCard>.atr(cardName: 0x0001)
                == Self.prefix + [0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x6A])
        #expect(
            ClassicStorageCardBridge<MiniClassicCard>.atr(cardName: 0x0002)
                == Self.prefix + [0x03, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x69])
        // An ISO 15693 card (NXP ICODE, name 00 14): standard 0B, TCK 77.
        #expect(
            StorageCardATR.make(standard: 0x0B, cardName: 0x0014) == Self.prefix + [0x0B, 0x00, 0x14, 0, 0, 0, 0, 0x77])
    }
}
