import Foundation
import TagCatalog
import TagEmulator
import Testing

/// Flipper Zero's `Mifare DESFire` files: the firmware documentation's example card (made with
/// the Proxmark3, read by a Flipper) becomes a DESFire whose unknowns are said.
@Suite struct FlipperDESFireFileTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/dumps/flipper/DESFire_NfcFileFormats_example.nfc")

    func text() throws -> String { try String(contentsOf: Self.file, encoding: .utf8) }

    @Test func readsTheFirmwaresExampleCard() throws {
        let parsed = try FlipperDESFireFile.parse(try text())
        // PICC Version part 1: 04 01 01 12 00 1A 05, hardware major 12 (EV2), storage 1A (8 KB).
        #expect(parsed.model == .desfireEV2_8K)
        #expect(parsed.uid == [0x04, 0x2F, 0x19, 0x0A, 0xCD, 0x66, 0x80])
        #expect(parsed.picc.keySettings == 0x0F)
        let application = try #require(parsed.picc.applications.first)
        // Application IDs "56 34 12" are wire order: hf mfdes createapp --aid 123456.
        #expect(application.aid == 0x123456)
        #expect(application.keys.count == 14)
        #expect(application.keySettings == 0x0F)
        let file = try #require(application.files.first)
        #expect(file.number == 1 && file.size == 256)
        #expect(Array(file.contents.prefix(3)) == [0x13, 0x37, 0x00])
        #expect(file.accessRights == Type4AccessRights(bytes: 0xEE, 0xEE))
        #expect(parsed.unknowns.count == 2)
        #expect(parsed.unknowns[0].contains("PICC master key"))
        let tag = try EmulatedType4Tag(model: parsed.model, uid: parsed.uid, picc: parsed.picc)
        #expect(tag.memory.picc?.applications.count == 1)
    }

    @Test func anUnreadFileIsZerosAndSaid() throws {
        let unread =
            try text().split(separator: "\n").filter { !$0.hasPrefix("Application 563412 File 1: ") }
            .joined(separator: "\n") + "\n"
        let parsed = try FlipperDESFireFile.parse(unread)
        #expect(parsed.picc.applications.first?.files.first?.contents == [UInt8](repeating: 0, count: 256))
        #expect(parsed.unknowns.contains { $0.contains("file 1's 256 bytes (not read)") })
    }

    @Test func refusesWhatItCannotModel() throws {
        let valueFile = try text().replacingOccurrences(
            of: "Application 563412 File 1 Type: 00", with: "Application 563412 File 1 Type: 02")
        #expect(
            throws: DESFireFlipperFileError.unsupportedFileType(file: "Application 563412 File 1", type: 0x02, line: 45)
        ) {
            try FlipperDESFireFile.parse(valueFile)
        }
        let ev0 = try text().replacingOccurrences(of: "PICC Version: 04 01 01 12", with: "PICC Version: 04 01 01 00")
        #expect(throws: DESFireFlipperFileError.self) { try FlipperDESFireFile.parse(ev0) }
        let short = try text().replacingOccurrences(
            of: "Application 563412 File 1 Size: 256", with: "Application 563412 File 1 Size: 257")
        #expect(throws: DESFireFlipperFileError.self) { try FlipperDESFireFile.parse(short) }
    }
}
