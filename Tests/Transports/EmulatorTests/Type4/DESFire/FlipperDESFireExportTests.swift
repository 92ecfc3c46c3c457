import Foundation
import TagCatalog
import TagEmulator
import Testing

/// `FlipperDESFireFile.render`: a DESFire card as the firmware's `Mifare DESFire` file, read back
/// by `FlipperDESFireFile.parse` with every application, file and byte the format carries.
@Suite struct FlipperDESFireExportTests {
    static let uid: [UInt8] = [0x04, 0x2F, 0x19, 0x0A, 0xCD, 0x66, 0x80]

    /// A card with what the format carries and what it does not: AES and 3K3DES applications,
    /// key versions, access rights, communication modes, an NDEF application with ISO identifiers.
    static func card() -> DESFirePICC {
        var picc = DESFirePICC.factory.withAESMasterKey([UInt8](repeating: 0x42, count: 16))
        picc.masterKey.version = 0x07
        picc.keySettings = 0x0B
        let ndef = DESFireApplication(
            aid: 0x000001, keySettings: 0x0F, keyType: .aes, keys: [Type4Key(), Type4Key(version: 3)],
            isoFileID: 0xE110, dfName: Type4Facts.ndefApplication,
            files: [
                DESFireDataFile(
                    number: 1, isoFileID: 0xE103, communication: 0,
                    accessRights: Type4AccessRights(read: 0xE, write: 0x0, readWrite: 0x0, change: 0x0),
                    contents: [
                        0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x00, 0x80, 0x00, 0x00,
                    ]),
                DESFireDataFile(
                    number: 2, isoFileID: 0xE104, communication: 0,
                    accessRights: Type4AccessRights(read: 0xE, write: 0xE, readWrite: 0xE, change: 0x0),
                    contents: [0x00, 0x03, 0xD0, 0x00, 0x00] + [UInt8](repeating: 0, count: 123)),
            ])
        let secret = DESFireApplication(
            aid: 0xABCDEF, keySettings: 0x2B, keyType: .tdes3K,
            keys: [
                Type4Key(value: [UInt8](repeating: 9, count: 24), version: 1),
                Type4Key(value: [UInt8](repeating: 0, count: 24)),
            ],
            isoFileID: nil, dfName: [],
            files: [
                DESFireDataFile(
                    number: 5, isoFileID: nil, communication: 3,
                    accessRights: Type4AccessRights(read: 0x1, write: 0x0, readWrite: 0x0, change: 0x0),
                    contents: Array(0..<64)),
                DESFireDataFile(
                    number: 0, isoFileID: nil, communication: 1,
                    accessRights: Type4AccessRights(bytes: 0xEE, 0xEE), contents: [0x5A]),
            ])
        picc.applications = [ndef, secret]
        return picc
    }

    /// Every key as the import makes it: zeros of the application's kind, the recorded version.
    static func withoutKeys(_ picc: DESFirePICC) -> DESFirePICC {
        var stripped = picc
        stripped.masterKey.value = [UInt8](repeating: 0, count: picc.masterKeyType.keyLength)
        for index in stripped.applications.indices {
            let length = stripped.applications[index].keyType.keyLength
            for key in stripped.applications[index].keys.indices {
                stripped.applications[index].keys[key].value = [UInt8](repeating: 0, count: length)
            }
        }
        return stripped
    }

    @Test(arguments: [TagModel.desfireEV1_4K, .desfireEV2_8K, .desfireEV3_4K])
    func importOfExportKeepsEveryApplicationFileAndByte(model: TagModel) throws {
        let tag = try EmulatedType4Tag(model: model, uid: Self.uid, picc: Self.card())
        let (text, dropped) = try FlipperDESFireFile.render(tag)
        #expect(!text.contains("42 42 42"), "a key was written")
        let parsed = try FlipperDESFireFile.parse(text)
        #expect(parsed.model == model && parsed.uid == Self.uid)
        // Everything but the keys' values, and application ABCDEF has no ISO identifiers to lose.
        #expect(parsed.picc == Self.withoutKeys(Self.card()))
        #expect(dropped.first?.contains("every application key") == true)
        #expect(dropped.count == 1)
        // Again: the same file.
        let again = try EmulatedType4Tag(model: parsed.model, uid: parsed.uid, picc: parsed.picc)
        #expect(try FlipperDESFireFile.render(again).text == text)
    }

    @Test func isoIdentifiersOutsideAN11004AreSaidToBeDropped() throws {
        var picc = Self.card()
        picc.applications[1].isoFileID = 0xDF01
        picc.applications[1].files[0].isoFileID = 0xDF11
        picc.applications[1].files[1].isoFileID = 0xDF12
        let tag = try EmulatedType4Tag(model: .desfireEV3_4K, uid: Self.uid, picc: picc)
        let (_, dropped) = try FlipperDESFireFile.render(tag)
        #expect(dropped.contains { $0.contains("application ABCDEF's ISO file identifiers") })
        let generic = EmulatedType4Tag(model: .genericType4, uid: Self.uid)
        #expect(throws: EmulatorError.self) { try FlipperDESFireFile.render(generic) }
    }

    /// The firmware's documented example: import then export gives it back but for the lines
    /// the export documents (comments, the ISO 14443-4A part in its later form, no PICC Free
    /// Memory).
    @Test func theFirmwaresExampleComesBackButForTheDocumentedLines() throws {
        let example = try String(contentsOf: FlipperDESFireFileTests.file, encoding: .utf8)
        let (tag, _) = try FlipperDESFireFile.decode(example, path: "example.nfc")
        let text = try FlipperDESFireFile.render(tag).text
        func meaningful(_ text: String) -> [Substring] {
            text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        }
        let documented: Set<Substring> = [
            "ATS: 06 75 77 81 02 80", "PICC Free Memory: 7520", "T0: 75", "TA(1): 77", "TB(1): 81", "TC(1): 02",
            "T1...Tk: 80",
        ]
        let before = meaningful(example).filter { !documented.contains($0) }
        let after = meaningful(text).filter { !documented.contains($0) }
        #expect(before == after)
        #expect(meaningful(example).count == before.count + 2)
        #expect(meaningful(text).count == after.count + 5)
    }
}
