import TagCatalog
import TagEmulator
import Testing

/// A Flipper cannot read an Ultralight C's or AES's key pages: its file has zeros there or stops
/// before them, and TapCard says the key is unknown instead of taking zeros for it.
@Suite struct FlipperDumpKeysTests {
    /// A signature the dumps hold (an Ultralight AES answers READ_SIG): these tests are about keys.
    static let signature = [UInt8](repeating: 0x5A, count: 32)

    static func dump(_ model: TagModel, pagesRead: Int? = nil, key: UInt8 = 0) -> FlipperDump {
        let count = model == .ultralightC ? 48 : 60
        var pages = [[UInt8]](repeating: [0xE1, 0x10, 0x06, 0x00], count: count)
        let keyPages = model == .ultralightC ? 44...47 : 48...55
        for page in keyPages { pages[page] = [UInt8](repeating: key, count: 4) }
        return FlipperDump(
            chipName: FlipperNFC.chipName(for: model), model: model, uid: [0x04, 1, 2, 3, 4, 5, 6],
            signature: Self.signature, getVersion: nil, pagesRead: pagesRead, pages: pages)
    }

    @Test func anUltralightCKeyOfZerosIsUnknown() throws {
        let notes = Self.dump(.ultralightC).unknowns
        #expect(
            notes == [
                "the 3DES key (pages 44–47): zeros, which a Flipper writes for pages no reader can read back: unknown, zeros here"
            ])
    }

    @Test func anUltralightCFileThatStopsBeforeTheKeySaysSo() {
        let notes = Self.dump(.ultralightC, pagesRead: 44).unknowns
        #expect(notes == ["the 3DES key (pages 44–47): not read (the file says 44 of 48 pages were read), zeros here"])
    }

    @Test func aKeyTheFileGivesIsTakenAsKnown() {
        #expect(Self.dump(.ultralightC, key: 0x42).unknowns.isEmpty)
    }

    @Test func bothAESKeysAreNamed() {
        let notes = Self.dump(.ultralightAES).unknowns
        #expect(notes.count == 2)
        #expect(notes[0].hasPrefix("the data-protection key (AES key 00h) (pages 48–51)"))
        #expect(notes[1].hasPrefix("the UID-retrieval key (AES key 01h) (pages 52–55)"))
        let cut = Self.dump(.ultralightAES, pagesRead: 40).unknowns
        // Pages 40–47 and 56–59 are other pages the Flipper did not read.
        #expect(cut.count == 3)
        #expect(cut[2] == "12 pages from 40 to 59: not read (the file says 40 of 60), the file's bytes here")
    }

    @Test func otherChipsHaveNoKeyPages() {
        let ntag = FlipperDump(
            chipName: "NTAG213", model: .ntag213, uid: [0x04, 1, 2, 3, 4, 5, 6], signature: Self.signature,
            getVersion: nil,
            pages: [[UInt8]](repeating: [0, 0, 0, 0], count: 45))
        #expect(ntag.unknowns.isEmpty)
    }

    /// A virtual tag file TapCard wrote is not a dump: its zeros are its key.
    @Test func tapCardsOwnFilesHaveNoNotes() throws {
        let tag = try EmulatedTag(dump: Self.dump(.ultralightC))
        #expect(try VirtualTag.dumpNotes(VirtualTagFile.encode(tag), path: "c.nfc").isEmpty)
        #expect(try VirtualTag.dumpNotes(FlipperNFC.render(Self.dump(.ultralightC)), path: "c.nfc").count == 1)
    }
}
