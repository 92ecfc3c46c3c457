import Foundation
import TagCatalog
import TagEmulator
import TagTransport
import Testing

/// Flipper Zero `.nfc` files with `Device type: Mifare Classic`.
@Suite struct ClassicFlipperFileTests {
    /// A 1K file in the firmware's layout (`mf_classic.c` save order), written by hand: sector 1
    /// with unknown bytes (`??`) where a Flipper did not find the keys.
    static func handWritten(sector1Unknown: Bool = true) -> String {
        var lines = [
            "Filetype: Flipper NFC device", "Version: 4",
            "# Device type can be ISO14443-3A, ISO14443-3B, ISO14443-4A, ISO14443-4B, ISO15693-3, FeliCa, NTAG/Ultralight, Mifare Classic, Mifare DESFire, SLIX, ST25TB",
            "Device type: Mifare Classic", "# UID is common for all formats", "UID: 8A 5C 2E 1B",
            "# ISO14443-3A specific data", "ATQA: 00 04", "SAK: 08", "# Mifare Classic specific data",
            "Mifare Classic type: 1K", "Data format version: 2", "# Mifare Classic blocks, '??' means unknown data",
            "Block 0: 8A 5C 2E 1B E3 08 04 00 62 63 64 65 66 67 68 69",
        ]
        for block in 1..<64 {
            let value: String
            if sector1Unknown, (4...7).contains(block) {
                value =
                    block == 7
                    ? "?? ?? ?? ?? ?? ?? FF 07 80 69 ?? ?? ?? ?? ?? ??"
                    : Array(repeating: "??", count: 16).joined(separator: " ")
            } else if block % 4 == 3 {
                value = "FF FF FF FF FF FF FF 07 80 69 FF FF FF FF FF FF"
            } else {
                value = Array(repeating: "00", count: 16).joined(separator: " ")
            }
            lines.append("Block \(block): \(value)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aHandWrittenFileLoadsWithUnknownBytesAsZeros() throws {
        guard case .classic(let tag) = try VirtualTag.decode(Self.handWritten()) else {
            Issue.record("not read as a MIFARE Classic card")
            return
        }
        #expect(tag.model == .mifareClassic1K)
        #expect(tag.uid == [0x8A, 0x5C, 0x2E, 0x1B])
        #expect(tag.blocks[5] == [UInt8](repeating: 0, count: 16))
        #expect(tag.blocks[7] == [0, 0, 0, 0, 0, 0, 0xFF, 0x07, 0x80, 0x69, 0, 0, 0, 0, 0, 0])
        #expect(tag.blocks[11] == EmulatedClassicTag.transportTrailer)
    }

    @Test func encodeThenDecodeKeepsEveryBlock() async throws {
        for model in EmulatedClassicTag.supportedModels {
            let tag = EmulatedClassicTag(model: model, uid: [0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06])
            try await tag.authenticate(block: 4, role: .a, key: [UInt8](repeating: 0xFF, count: 6))
            try await tag.writeBlock(5, Array(0..<16))
            let text = VirtualTag.classic(tag).encoded
            #expect(text.contains("Mifare Classic type: \(model == .mifareClassic1K ? "1K" : "4K")"))
            #expect(text.contains("ATQA: 00 \(model == .mifareClassic1K ? "44" : "42")"))
            guard case .classic(let loaded) = try VirtualTag.decode(text) else {
                Issue.record("not read back as a MIFARE Classic card")
                continue
            }
            #expect(loaded.model == model)
            #expect(loaded.uid == tag.uid)
            #expect(loaded.blocks == tag.blocks)
        }
    }

    @Test func aBadByteNamesItsLineBlockAndIndex() {
        let text = Self.handWritten(sector1Unknown: false).replacingOccurrences(
            of: "Block 9: 00 00 00", with: "Block 9: 00 +F 00")
        #expect(throws: EmulatorError.malformedClassicFile(path: "t", .badBlock(line: 23, block: 9, index: 1))) {
            try VirtualTag.decode(text, path: "t")
        }
        let short = Self.handWritten(sector1Unknown: false).replacingOccurrences(
            of: "Block 9: 00 00 00", with: "Block 9: 00 00")
        #expect(throws: EmulatorError.malformedClassicFile(path: "t", .badBlock(line: 23, block: 9, index: 15))) {
            try VirtualTag.decode(short, path: "t")
        }
        let mini = Self.handWritten().replacingOccurrences(of: "type: 1K", with: "type: MINI")
        #expect(
            throws: EmulatorError.malformedClassicFile(
                path: "t", .badValue(line: 11, key: "Mifare Classic type", reason: "TapCard emulates 1K and 4K"))
        ) {
            try VirtualTag.decode(mini, path: "t")
        }
    }

    /// AN1304 / AN10787: MAD1 of an all-NDEF 1K card is `14 01 03 E1 …` (CRC 14), sector 0 under
    /// the MAD key A with bits `78 77 88` and GPB C1, NDEF sectors under `D3F7…` with `7F 07 88 40`.
    @Test func aFormattedCardHasTheMADAndTheNDEFSectorsOfAN1304() async throws {
        let one = EmulatedClassicTag(model: .mifareClassic1K, uid: [1, 2, 3, 4], formatted: true)
        #expect(one.blocks[1] == [0x14, 0x01] + Array(repeating: [0x03, 0xE1], count: 7).flatMap { $0 })
        #expect(one.blocks[2] == Array(repeating: [0x03, 0xE1], count: 8).flatMap { $0 })
        #expect(
            one.blocks[3] == [0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0x78, 0x77, 0x88, 0xC1]
                + [UInt8](repeating: 0xFF, count: 6))
        #expect(
            one.blocks[63] == [0xD3, 0xF7, 0xD3, 0xF7, 0xD3, 0xF7, 0x7F, 0x07, 0x88, 0x40]
                + [UInt8](repeating: 0xFF, count: 6))
        #expect(one.blocks[4].prefix(3) == [0x03, 0x00, 0xFE])
        // The MAD is readable with its public key A, the NDEF sectors with theirs.
        try await one.authenticate(block: 1, role: .a, key: [0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5])
        #expect(try await one.readBlock(1) == one.blocks[1])
        try await one.authenticate(block: 4, role: .a, key: [0xD3, 0xF7, 0xD3, 0xF7, 0xD3, 0xF7])
        try await one.writeBlock(5, [UInt8](repeating: 7, count: 16))
        let four = EmulatedClassicTag(model: .mifareClassic4K, uid: [1, 2, 3, 4], formatted: true)
        #expect(four.blocks[3][9] == 0xC2)
        #expect(four.blocks[67] == four.blocks[3])
        #expect(four.blocks[64][1] == 0x00)
        #expect(four.blocks[66] == Array(repeating: [0x03, 0xE1], count: 8).flatMap { $0 })
        #expect(four.blocks[255] == one.blocks[63])
    }

    @Test func theFactoryMakesTransportCardsAndListsBothModels() throws {
        #expect(VirtualTag.models.suffix(2) == [.mifareClassic1K, .mifareClassic4K])
        guard
            case .classic(let tag) = try VirtualTag.factoryFresh(
                .mifareClassic4K, identifier: [1, 2, 3, 4], blank: true)
        else {
            Issue.record("not a MIFARE Classic card")
            return
        }
        #expect(tag.blocks[255] == EmulatedClassicTag.transportTrailer)
        #expect(tag.blocks[3] == EmulatedClassicTag.transportTrailer)
        #expect(!VirtualTag.classic(tag).holdsSecrets)
        #expect(throws: EmulatorError.classicUID(length: 5)) {
            try VirtualTag.factoryFresh(.mifareClassic1K, identifier: [1, 2, 3, 4, 5], blank: true)
        }
        let connection = VirtualTagConnection(.classic(tag))
        #expect(connection.classic != nil)
        #expect(connection.detected == .nfcA(uid: [1, 2, 3, 4], atqa: [0x02, 0x00], sak: 0x18, ats: nil))
        tag.setBlock(7, to: [1, 2, 3, 4, 5, 6, 0xFF, 0x07, 0x80, 0x69] + [UInt8](repeating: 0xFF, count: 6))
        #expect(VirtualTag.classic(tag).holdsSecrets)
    }
}
