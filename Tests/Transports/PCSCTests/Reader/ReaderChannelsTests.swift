import PCSCTransport
import TagFrames
import Testing

@Suite struct ReaderChannelsTests {
    @Test func anISO15693CardAddsItsChannelAndSaysWhatStaysBehind() {
        let kind = CardKind(atr: ISO15693StorageCardBridge<FakeVicinityChip>.atr(cardName: 0x0014))
        let channels = ReaderChannels.unprobed.with(card: kind)
        #expect(channels.technologies == [.isoDep, .nfcA, .iso15693])
        #expect(channels.notCarried.count == 1)
        #expect(channels.notCarried[0].contains("GET SYSTEM INFO"))
        #expect(channels.notCarried[0].contains("0x0B"))
        #expect(channels.phrase.contains("ISO 15693"))
        // Asking twice adds nothing twice.
        #expect(channels.with(card: kind).technologies == channels.technologies)
    }

    @Test func aFeliCaCardSaysItCannotCross() {
        // ACR122U-class FeliCa ATR: standard 11, name 00 3B, TCK 42.
        let felica: [UInt8] = [
            0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, 0x11, 0x00, 0x3B, 0x00, 0x00, 0x00,
            0x00, 0x42,
        ]
        let channels = ReaderChannels.unprobed.with(card: CardKind(atr: felica))
        #expect(!channels.technologies.contains(.felica))
        #expect(
            channels.notCarried == [
                "FeliCa cannot cross this reader's PC/SC interface (ATR standard byte 0x11): TapCard sends no FeliCa pass-through"
            ])
    }

    @Test func otherCardsChangeNothing() {
        let ultralight = CardKind(atr: StorageCardBridge<MemoryTag>.ultralightATR)
        #expect(ReaderChannels.unprobed.with(card: ultralight) == .unprobed)
        #expect(ReaderChannels.unprobed.with(card: .isoDep(historicalBytes: [])) == .unprobed)
    }
}
