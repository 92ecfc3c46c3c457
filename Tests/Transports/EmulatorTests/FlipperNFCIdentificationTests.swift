import TagCatalog
import TagEmulator
import TapCardSupport
import Testing

@Suite struct FlipperNFCIdentificationTests {
    /// Old converters wrote "Device type: Mifare Ultralight" for NTAG215 dumps: the GET_VERSION
    /// bytes settle the model.
    @Test func catchAllNameIsSettledByGetVersion() throws {
        let tag = EmulatedTag(model: .ntag215, uid: [0x04, 1, 2, 3, 4, 5, 6])
        let pages = (0..<135).map {
            "Page \($0): " + Hex.encode(tag.memory[$0 * 4..<$0 * 4 + 4], uppercase: true, separator: " ")
        }
        let text =
            ([
                "Filetype: Flipper NFC device", "Version: 2", "Device type: Mifare Ultralight",
                "UID: 04 01 02 03 04 05 06", "ATQA: 44 00", "SAK: 00",
                "Mifare version: 00 04 04 02 01 00 11 03", "Pages total: 135",
            ] + pages).joined(separator: "\n")
        let dump = try FlipperNFC.parse(text)
        #expect(dump.model == .ntag215)
        #expect(try EmulatedTag(dump: dump).memory == tag.memory)
    }

    @Test func ntag210And212RoundTripThroughTheCatchAllName() throws {
        for model in [TagModel.ntag210, .ntag212] {
            let text = VirtualTagFile.encode(EmulatedTag(model: model, uid: [0x04, 1, 2, 3, 4, 5, 6]))
            #expect(text.contains("NTAG/Ultralight type: Mifare Ultralight\n"))
            #expect(try FlipperNFC.parse(text).model == model)
        }
    }

    @Test func aDumpOfAChipTheEmulatorCannotModelIsRefused() throws {
        let text = """
            Filetype: Flipper NFC device
            Version: 3
            Device type: NTAG I2C 1K
            UID: 04 01 02 03 04 05 06
            Pages total: 1
            Page 0: 04 01 02 8F
            """
        let dump = try FlipperNFC.parse(text)
        #expect(dump.model == .ntagI2C1k)
        #expect(throws: EmulatorError.unsupportedModel(.ntagI2C1k)) { try EmulatedTag(dump: dump) }
    }
}
