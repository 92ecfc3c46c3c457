import Foundation
import TagEmulator
import Testing

/// The Flipper firmware's own FeliCa unit-test file: its header names IC code 4E, its block 83h
/// (D_ID) a FeliCa Lite-S. The card answers Polling with D_ID, so the memory wins.
@Suite struct FeliCaFirmwareFileTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/dumps/flipper/Felica.nfc")

    @Test func loadsAsALiteSAndSaysTheHeaderDisagrees() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let (tag, contradictions) = try FeliCaTagFile.decodeNoting(text)
        #expect(tag.idm == [0x29, 0x9F, 0xFA, 0x53, 0xAB, 0x75, 0x87, 0x6E])
        #expect(tag.pmm[1] == 0xF1)
        #expect(tag.block(0x85)?.prefix(2) == [0x88, 0xB4])
        #expect(tag.block(0x00)?.prefix(4) == [0xDE, 0xAD, 0xBE, 0xAF])
        #expect(contradictions.count == 1, "\(contradictions)")
        #expect(contradictions.first?.contains("IC code 4E but block 83h (D_ID) names F1") == true)
    }

    @Test func aDIDNamingAnotherChipIsRefused() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8).replacingOccurrences(
            of: "Block 18: 00 00 29 9F FA 53 AB 75 87 6E 00 F1", with: "Block 18: 00 00 29 9F FA 53 AB 75 87 6E 00 4E")
        #expect(throws: EmulatorError.self) { try FeliCaTagFile.decode(text) }
    }
}
