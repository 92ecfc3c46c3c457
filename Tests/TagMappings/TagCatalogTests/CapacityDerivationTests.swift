import TagCatalog
import Testing

/// The maximum NDEF message sizes, derived from the CC data area and TLV overhead, against the
/// figures in the reference (ntag21x-type2.md §5.1: 137 / 492 / 868, cross-checked there against
/// TagInfo and nfcpy).
@Suite struct CapacityDerivationTests {
    @Test(arguments: [
        (TagModel.ntag213, 144, 137),  // 144 − 5 (Lock Control TLV) − 2 (NDEF TLV T+L)
        (.ntag215, 496, 492),  // 496 − 4 (NDEF TLV with 3-byte length)
        (.ntag216, 872, 868),
        (.ntag203, 144, 137),
        (.ultralightC, 144, 137),  // formatted as NXP does: E1 10 12 00, then 01 03 A0 10 44
        (.ntag210, 48, 46),
        (.ntag212, 128, 121),  // 128 − 5 (factory Lock Control TLV 01 03 90 0A 34) − 2
        (.ultralight, 48, 46),
        (.ultralightEV1_48, 48, 46),
        (.ultralightEV1_128, 128, 126),
        (.ntagI2C1k, 872, 868),
        (.ntagI2C2k, 1872, 1868),
        (.genericType4, 256, 254),  // assumed 256-byte NDEF file − 2-byte NLEN
    ])
    func modelDefaults(model: TagModel, dataArea: Int, maximum: Int) {
        #expect(model.ccDataAreaBytes == dataArea)
        #expect(model.maximumNDEFMessageBytes == maximum)
        #expect(model.assumedCapacity == Capacity(bytes: maximum, source: .assumed, model: model))
    }

    @Test func ntag213DerivationStepByStep() {
        let model = TagModel.ntag213
        // CC E1 10 12 00: byte 2 = 0x12 = 18 → 18 × 8 = 144 bytes of data area.
        #expect(model.formattedCC == [0xE1, 0x10, 0x12, 0x00])
        #expect(model.factoryTLVsBeforeNDEF == [0x01, 0x03, 0xA0, 0x0C, 0x34])
        #expect(model.userMemoryBytes == 144)
        // Without the factory Lock Control TLV the same data area would hold 142.
        #expect(NDEFCapacity.type2MaximumMessage(dataAreaBytes: 144) == 142)
        #expect(NDEFCapacity.type2MaximumMessage(dataAreaBytes: 144, bytesBeforeNDEF: 5) == 137)
    }

    @Test func userMemoryIsNotTheNDEFCapacity() {
        // NTAG215: 504 bytes of user memory, a 496-byte CC data area, a 492-byte message.
        #expect(TagModel.ntag215.userMemoryBytes == 504)
        #expect(TagModel.ntag215.ccDataAreaBytes == 496)
        #expect(TagModel.ntag215.maximumNDEFMessageBytes == 492)
    }

    @Test func blankCCModelsUseTheCCAFormatterWrites() {
        #expect(TagModel.ultralight.type2Layout?.factoryCC == [0, 0, 0, 0])
        // MF0ICU2 datasheet table 13: the OTP CC page ships as 00 00 00 00.
        #expect(TagModel.ultralightC.type2Layout?.factoryCC == [0, 0, 0, 0])
        #expect(TagModel.ultralightC.shipsFormatted == false)
        #expect(TagModel.ultralightC.formattedCC == [0xE1, 0x10, 0x12, 0x00])
        #expect(TagModel.ultralight.formattedCC == [0xE1, 0x10, 0x06, 0x00])
        #expect(TagModel.ultralightEV1_128.formattedCC == [0xE1, 0x10, 0x10, 0x00])
    }

    /// Around the switch from the 1-byte to the 3-byte TLV length: a message of 254 bytes or
    /// fewer takes 2 bytes of framing, 255 or more takes 4.
    @Test(arguments: [
        (0, 0), (1, 0), (2, 0), (3, 1), (100, 98), (256, 254), (257, 254), (258, 254), (259, 255), (260, 256),
        (0x1_0002, 0xFFFE), (0x2_0000, 0xFFFE),
    ])
    func tlvLengthForms(free: Int, maximum: Int) {
        #expect(NDEFCapacity.type2MaximumMessage(dataAreaBytes: free) == maximum)
    }

    /// Property: the derived maximum always fits with its own framing, and one byte more never does.
    @Test func derivedMaximumIsTight() {
        func framed(_ message: Int) -> Int { message + (message <= 254 ? 2 : 4) }
        for free in 2...2000 {
            let maximum = NDEFCapacity.type2MaximumMessage(dataAreaBytes: free)
            #expect(framed(maximum) <= free)
            #expect(framed(maximum + 1) > free)
        }
    }

    @Test func reservedBytesAndType4() {
        #expect(NDEFCapacity.type2MaximumMessage(dataAreaBytes: 144, bytesBeforeNDEF: 5, reservedBytes: 16) == 121)
        #expect(NDEFCapacity.type4MaximumMessage(ndefFileBytes: 2048) == 2046)
        #expect(NDEFCapacity.type4MaximumMessage(ndefFileBytes: 1) == 0)
    }

    @Test func everyModelHasAnAssumedCapacityAndAnArticle() {
        for model in TagModel.allCases {
            #expect(model.assumedCapacity.source == .assumed)
            #expect(model.assumedCapacity.bytes > 0)
            #expect(model.assumedCapacity.bytes < model.userMemoryBytes)
        }
        #expect(TagModel.ntag213.withArticle == "an NTAG213")
        #expect(TagModel.ultralightC.withArticle == "a MIFARE Ultralight C")
        #expect(TagModel.genericType4.withArticle == "a Type 4 tag")
    }
}

@Suite struct CapacityDerivationSentenceTests {
    @Test func sentencesCarryTheFiguresAndSayAssuming() {
        #expect(
            TagModel.ntag213.capacityDerivation
                == "Assuming an NTAG213 as shipped: CC data area 144 bytes (CC byte 2 = 0x12, × 8), minus 5 bytes of "
                + "factory Lock Control TLV, minus 2 bytes of NDEF TLV type and length = 137 bytes of NDEF message.")
        #expect(TagModel.ntag215.capacityDerivation.contains("496 bytes (CC byte 2 = 0x3E, × 8), minus 4 bytes"))
        #expect(
            TagModel.ultralight.capacityDerivation.hasPrefix(
                "Assuming a MIFARE Ultralight once NDEF-formatted (it ships with a blank CC):"))
        #expect(TagModel.genericType4.capacityDerivation.contains("= 254 bytes"))
        for model in TagModel.allCases {
            #expect(model.capacityDerivation.hasPrefix("Assuming"))
            #expect(model.capacityDerivation.contains("= \(model.maximumNDEFMessageBytes) bytes of NDEF message."))
        }
    }
}
