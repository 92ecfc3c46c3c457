import CommandLineKit
import Foundation
import TagCatalog
import TagEmulator
import TagWorkflows
import Testing
import Type2

@testable import TapCardCLI

/// One home per datasheet fact (issue 13 item 8): for every model the emulator knows, the
/// catalog's facts, the Type 2 mapping's reading of the emulated chip, the emulator's behaviour and
/// the CLI's identification paths (`info` through the workflow, `watch` through the same driver,
/// `sim import` through the Flipper dump) all tell the same story. Each side has its own code (the
/// emulator answers frames, the mapping interprets memory), so a wrong fact or a wrong reading of
/// one shows up as a disagreement here.
@Suite struct DatasheetAgreementTests {
    static let uid: [UInt8] = [0x04, 0x5E, 0xC8, 0xBA, 0x07, 0x4F, 0x81]

    /// The emulator's factory image, read by the mapping, has the capacity the catalog assumes,
    /// its CC and its lock bytes where the catalog says.
    @Test(arguments: EmulatedTag.supportedModels)
    func factoryImageReadsAsTheCatalogSays(model: TagModel) throws {
        let tag = EmulatedTag(model: model, uid: Self.uid)
        let snapshot = Type2Snapshot(memory: tag.memory, model: model)
        #expect(snapshot.capacity.bytes == model.maximumNDEFMessageBytes, "\(model): capacity")
        #expect(snapshot.capacity.source == .reported)
        #expect(snapshot.cc?.bytes == model.formattedCC, "\(model): CC")
        #expect(snapshot.ndef?.length == 0, "\(model): an empty NDEF message")
        #expect(snapshot.dynamicLockArea?.byteAddress == DynamicLockMap.of(model).map { $0.page * 4 })
    }

    /// `info` and `watch` (both through the workflow's identification: `watch`'s TagSummary reads
    /// through the driver) and `sim import` (the Flipper dump, under its own chip name and under the
    /// firmware's catch-all name) name the model.
    @Test(arguments: EmulatedTag.supportedModels)
    func everyIdentificationPathNamesTheModel(model: TagModel) async throws {
        let tag = EmulatedTag(model: model, uid: Self.uid)
        let identification = try await Type2Tag(transport: tag).identify()
        #expect(identification.model == model, "\(model): info")
        if let version = model.type2Layout?.version {
            #expect(try await tag.transceive([0x60]) == version)
        }
        let dump = FlipperDump(tag: tag)
        #expect(try FlipperNFC.parse(FlipperNFC.render(dump)).model == model, "\(model): sim import")
        if model.type2Layout?.version != nil {
            var catchAll = dump
            catchAll.chipName = "Mifare Ultralight"
            #expect(try FlipperNFC.parse(FlipperNFC.render(catchAll)).model == model, "\(model): catch-all name")
        }
    }

    /// `tapcard sim import` of the emulator's own dump writes a virtual tag of the same model.
    @Test(arguments: EmulatedTag.supportedModels)
    func simImportOfTheEmulatorsDumpKeepsTheModel(model: TagModel) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tapcard-agreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("dump.nfc").path
        let target = directory.appendingPathComponent("imported.nfc").path
        var dump = FlipperDump(tag: EmulatedTag(model: model, uid: Self.uid))
        if model.type2Layout?.version != nil { dump.chipName = "Mifare Ultralight" }
        try FlipperNFC.render(dump).write(toFile: source, atomically: true, encoding: .utf8)
        let io = CapturedIO()
        #expect(await CLI.run(["sim", "import", source, target], io: io) == 0)
        let imported = try FlipperNFC.parse(String(contentsOfFile: target, encoding: .utf8))
        #expect(imported.model == model)
        #expect(imported.memory == dump.memory)
    }

    /// `tapcard format` on a blank chip (the mapping's plan, sent to the emulator) leaves exactly
    /// the emulator's formatted factory image: the same CC and the same TLVs.
    @Test(arguments: EmulatedTag.supportedModels)
    func formattingABlankChipGivesTheFormattedImage(model: TagModel) async throws {
        let blank = EmulatedTag(model: model, uid: Self.uid, formatted: false)
        _ = try await Type2Tag(transport: blank, declaredModel: model).format()
        let formatted = EmulatedTag(model: model, uid: Self.uid)
        let dataArea = try #require(model.formattedDataArea)
        #expect(Array(blank.memory[12..<16 + dataArea.count]) == Array(formatted.memory[12..<16 + dataArea.count]))
        #expect(Array(blank.memory[16..<16 + dataArea.count]) == dataArea)
    }

    /// `tapcard lock` (the mapping's lock plan, sent to the emulator) makes every user page
    /// read-only on the emulator, and the mapping reads every one of them as locked.
    @Test(arguments: EmulatedTag.supportedModels)
    func lockingLocksEveryUserPageOnTheChip(model: TagModel) async throws {
        let layout = try #require(model.type2Layout)
        let tag = EmulatedTag(model: model, uid: Self.uid)
        _ = try await Type2Tag(transport: tag, declaredModel: model).lock(confirmation: .permanent)
        let snapshot = Type2Snapshot(memory: tag.memory, model: model)
        var writable: [Int] = []
        for page in layout.userPages {
            #expect(snapshot.isLocked(page: page) == true, "\(model): page \(page) read as locked")
            do {
                _ = try await tag.transceive([0xA2, UInt8(page), 0x00, 0x00, 0x00, 0x00])
                writable.append(page)
            } catch {}
        }
        #expect(writable.isEmpty, "\(model): pages the emulated chip still writes after a lock: \(writable)")
    }

    /// GET_VERSION answers of real variants of the catalog's chips, and answers of no chip TapCard
    /// knows: `info` and `watch` (ChipIdentification, through the driver) and `sim import` (a Flipper
    /// dump under the catch-all name) give the same answer.
    @Test(
        arguments: [
            // NTAG213F (NTAG213F/216F datasheet table 26: subtype 01h): an NTAG213 memory map.
            ([0x00, 0x04, 0x04, 0x01, 0x01, 0x00, 0x0F, 0x03], TagModel.ntag213),
            // MF0ULH11 / MF0ULH21 (nfcpy VERSION_MAP: subtype 02h): Ultralight EV1.
            ([0x00, 0x04, 0x03, 0x02, 0x01, 0x00, 0x0B, 0x03], .ultralightEV1_48),
            ([0x00, 0x04, 0x03, 0x02, 0x01, 0x00, 0x0E, 0x03], .ultralightEV1_128),
            // NTAG I2C plus 1k (nfcpy VERSION_MAP, NT3H2111: version 02h 02h): the NTAG I2C 1k map.
            ([0x00, 0x04, 0x04, 0x05, 0x02, 0x02, 0x13, 0x03], .ntagI2C1k),
            // An NTAG I2C subtype with a storage size no NTAG I2C has, and another vendor's chip.
            ([0x00, 0x04, 0x04, 0x05, 0x02, 0x01, 0x0B, 0x03], nil),
            ([0x00, 0x05, 0x04, 0x02, 0x01, 0x00, 0x0F, 0x03], nil),
        ] as [([UInt8], TagModel?)])
    func variantsAreNamedTheSameByEveryPath(version: [UInt8], expected: TagModel?) throws {
        #expect(ChipIdentification.fromVersion(version).model == expected, "info")
        let text = """
            Filetype: Flipper NFC device
            Version: 4
            Device type: NTAG/Ultralight
            UID: 04 01 02 03 04 05 06
            NTAG/Ultralight type: Mifare Ultralight
            Mifare version: \(version.map { String(format: "%02X", $0) }.joined(separator: " "))
            Pages total: 1
            Page 0: 04 01 02 8F
            """
        #expect(try FlipperNFC.parse(text).model == expected, "sim import")
    }
}
