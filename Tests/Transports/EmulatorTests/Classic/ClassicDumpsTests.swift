import Foundation
import TagCatalog
import TagEmulator
import TagTransport
import TapCardSupport
import Testing

/// MIFARE Classic dumps of other tools: recognised from their content, read with their unknown
/// bytes kept unknown, written back byte for byte, refused with figures when malformed.
@Suite struct ClassicDumpsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/dumps").path

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)))
    }

    static func read(_ bytes: [UInt8], model: TagModel? = nil) throws -> ClassicDump {
        let format = try #require(ClassicDumps.recognise(bytes))
        return try ClassicDumps.read(bytes, as: format, model: model, path: "dump")
    }

    /// A formatted card holding a private key in sector 5, so keys are seen to travel.
    static func card(_ model: TagModel) -> EmulatedClassicTag {
        let tag = EmulatedClassicTag(model: model, uid: [0x8A, 0x5C, 0x2E, 0x1B], formatted: true)
        tag.setBlock(23, to: [1, 2, 3, 4, 5, 6, 0xFF, 0x07, 0x80, 0x69, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6])
        tag.setBlock(21, to: Array(0..<16))
        return tag
    }

    // MARK: Real public dumps (Tests/Fixtures/dumps/README.md)

    @Test func aFlipperDumpKeepsTheKeysItDidNotFindUnknown() async throws {
        let dump = try Self.read(try Self.fixture("flipper-nfc/laundr-mfc1k.nfc"))
        #expect(dump.format == .flipper)
        #expect(dump.headerContradictions.isEmpty)
        let tag = try dump.tag()
        #expect(tag.model == .mifareClassic1K)
        #expect(tag.uid == [0x2B, 0xB9, 0x91, 0xB5])
        #expect(tag.sectorsWithUnknownKey(.b) == [0, 1, 2, 3])
        #expect(tag.sectorsWithUnknownKey(.a) == [])
        // Key B stands as zeros in memory, yet zeros do not authenticate: nobody knows the key.
        await #expect(throws: ChannelError.self) {
            try await tag.authenticate(block: 4, role: .b, key: [0, 0, 0, 0, 0, 0])
        }
        try await tag.authenticate(block: 4, role: .a, key: [0xEE, 0xB7, 0x06, 0xFC, 0x71, 0x4F])
        // The virtual tag file writes the unknown bytes back as '??'.
        #expect(VirtualTag.classic(tag).encoded.contains("Block 3: EE B7 06 FC 71 4F 78 77 88 00 ?? ?? ?? ?? ?? ??"))
    }

    @Test func libnfcImagesAreRecognisedBySize() throws {
        let oneK = try Self.read(try Self.fixture("libnfc-mfd/mfc1k.mfd"))
        #expect(oneK.format == .rawImage)
        #expect(try oneK.tag().uid == [0x9A, 0x1B, 0x84, 0x64])
        #expect(oneK.model == .mifareClassic1K)
        let fourK = try Self.read(try Self.fixture("libnfc-mfd/zhovner-4k.mfd"))
        #expect(fourK.model == .mifareClassic4K)
        #expect(try fourK.tag().uid == [0x33, 0xBD, 0x9D, 0x3F])
        #expect(ClassicRawImage.encode(try fourK.tag()) == (try Self.fixture("libnfc-mfd/zhovner-4k.mfd")))
    }

    @Test func aRealProxmark3JSONDumpGivesItsUIDAndEveryKey() async throws {
        let bytes = try Self.fixture("proxmark3/bambu-2D96E03B-mfc1k.json")
        let dump = try Self.read(bytes)
        #expect(dump.format == .proxmark3JSON)
        #expect(dump.model == .mifareClassic1K)
        #expect(dump.headerUID == [0x2D, 0x96, 0xE0, 0x3B])
        #expect(dump.headerATQA == [0x00, 0x04])
        #expect(dump.headerSAK == 0x08)
        #expect(dump.headerContradictions.isEmpty)
        let tag = try dump.tag()
        #expect(tag.uid == [0x2D, 0x96, 0xE0, 0x3B])
        #expect(tag.unknownBytes.isEmpty)
        #expect(tag.holdsPrivateKeys)
        #expect(
            tag.blocks[3] == [
                0x68, 0xEB, 0x39, 0x79, 0xAC, 0x95, 0x87, 0x87, 0x87, 0x69, 0x86, 0xE9, 0x05, 0x3E, 0xC1, 0xEE,
            ])
        // Sector 1's key A from SectorKeys opens it; the transport key does not.
        try await tag.authenticate(block: 4, role: .a, key: [0x53, 0x0D, 0x99, 0x76, 0xF1, 0x15])
        await #expect(throws: ChannelError.self) {
            try await tag.authenticate(block: 8, role: .a, key: [UInt8](repeating: 0xFF, count: 6))
        }
        // Every trailer agrees with its SectorKeys entry: the MCT and .eml of it read back the same.
        #expect(try Self.read(Array(MCTClassicFile.encode(tag).utf8)).tag().blocks == tag.blocks)
        #expect(try Self.read(Array(try #require(ProxmarkClassicEML.encode(tag)).utf8)).tag().blocks == tag.blocks)
    }

    // MARK: Round trips

    @Test func proxmark3JSONKeepsEveryByteAndEveryKey() throws {
        for model in EmulatedClassicTag.supportedModels {
            let tag = Self.card(model)
            let dump = try Self.read(Array(ProxmarkClassicJSON.encode(tag).utf8))
            #expect(dump.format == .proxmark3JSON)
            #expect(dump.model == model)
            #expect(dump.headerContradictions.isEmpty)
            #expect(try dump.tag().blocks == tag.blocks)
        }
    }

    /// Key B unknown in four sectors: written as 00 in every trailer (the client's loader stops at
    /// a missing block) and named by `zeroFilled`; the file holds them as any `hf mf dump` holds
    /// what it could not read, so they come back as 00.
    @Test func proxmark3JSONWritesUnknownKeysAsZerosAndNamesThem() throws {
        let flipper = try Self.read(try Self.fixture("flipper-nfc/laundr-mfc1k.nfc")).tag()
        let text = ProxmarkClassicJSON.encode(flipper)
        let back = try Self.read(Array(text.utf8)).tag()
        #expect(back.blocks == flipper.blocks)
        #expect(back.unknownBytes.isEmpty)
        let named = ProxmarkClassicJSON.zeroFilled(flipper)
        #expect(named.map(\.block) == [3, 7, 11, 15])
        #expect(named.allSatisfy { $0.runs == [10..<16] })
        #expect(!text.contains("\"KeyB\": \"000000000000\""))
    }

    @Test func flipperEMLAndRawImagesKeepEveryByte() throws {
        for model in EmulatedClassicTag.supportedModels {
            let tag = Self.card(model)
            let flipper = try Self.read(Array(VirtualTag.classic(tag).encoded.utf8))
            #expect(try flipper.tag().blocks == tag.blocks)
            let eml = try Self.read(Array(try #require(ProxmarkClassicEML.encode(tag)).utf8))
            #expect(eml.format == .proxmark3EML)
            #expect(try eml.tag().blocks == tag.blocks)
            let raw = try Self.read(try #require(ClassicRawImage.encode(tag)))
            #expect(try raw.tag().blocks == tag.blocks)
        }
    }

    // MARK: MIFARE Classic Tool

    @Test func anMCTDumpKeepsMissingSectorsAndDashesUnknown() throws {
        let tag = Self.card(.mifareClassic1K)
        var lines: [String] = []
        for sector in 0..<16 where sector != 3 {
            lines.append("+Sector: \(sector)")
            for index in 0..<4 {
                var hex = tag.blocks[sector * 4 + index].map { String(format: "%02X", $0) }.joined()
                if sector == 5, index == 3 { hex = String(repeating: "-", count: 12) + hex.dropFirst(12) }
                lines.append(hex)
            }
        }
        let dump = try Self.read(Array((lines.joined(separator: "\r\n") + "\r\n").utf8))
        #expect(dump.format == .mct)
        let read = try dump.tag()
        #expect(read.sectorsWithUnknownBytes == [3, 5])
        #expect(read.sectorsWithUnknownKey(.a) == [3, 5])
        #expect(read.sectorsWithUnknownKey(.b) == [3])
        #expect(read.blocks[21] == Array(0..<16))
    }

    @Test func anMCTExportReadsBackAsTheSameCardOn1KAnd4K() throws {
        for model in EmulatedClassicTag.supportedModels {
            let tag = Self.card(model)
            let text = MCTClassicFile.encode(tag)
            let dump = try Self.read(Array(text.utf8))
            #expect(dump.format == .mct)
            #expect(dump.model == model)
            let back = try dump.tag()
            #expect(back.blocks == tag.blocks)
            #expect(back.unknownBytes.isEmpty)
            // As the app saves it: upper-case hex, LF between lines, none after the last.
            #expect(text.hasPrefix("+Sector: 0\n8A5C2E1B"))
            #expect(!text.hasSuffix("\n"))
            #expect(text.split(separator: "\n").count == (model == .mifareClassic1K ? 16 * 5 : 32 * 5 + 8 * 17))
        }
    }

    @Test func anMCTExportKeepsUnknownKeysAsDashesAndLeavesOutSectorsNobodyRead() throws {
        // The real Flipper dump: key B unknown in sectors 0 to 3.
        let flipper = try Self.read(try Self.fixture("flipper-nfc/laundr-mfc1k.nfc")).tag()
        let text = MCTClassicFile.encode(flipper)
        #expect(text.contains("\nEEB706FC714F78778800------------\n"))
        let back = try Self.read(Array(text.utf8)).tag()
        #expect(back.blocks == flipper.blocks)
        #expect(back.unknownBytes == flipper.unknownBytes)
        // A 4K card of which only sectors 0 and 1 were read: the other sectors are left out, but
        // the last one, in dashes, so the card's size survives without --model.
        var lines: [String] = []
        for block in 0..<8 {
            if block % 4 == 0 { lines.append("+Sector: \(block / 4)") }
            lines.append(Hex.encode(Self.card(.mifareClassic4K).blocks[block], uppercase: true))
        }
        let partial = try Self.read(Array(lines.joined(separator: "\n").utf8), model: .mifareClassic4K).tag()
        let exported = MCTClassicFile.encode(partial)
        #expect(
            exported.split(separator: "\n").filter { $0.hasPrefix("+Sector:") } == [
                "+Sector: 0", "+Sector: 1", "+Sector: 39",
            ])
        #expect(exported.hasSuffix(String(repeating: "-", count: 32)))
        let again = try Self.read(Array(exported.utf8))
        #expect(again.model == .mifareClassic4K)
        #expect(try again.tag().unknownBytes == partial.unknownBytes)
        #expect(try again.tag().blocks == partial.blocks)
    }

    @Test func anEMLExportIsWhatTheClientWritesAndRefusesUnknownBytes() throws {
        for model in EmulatedClassicTag.supportedModels {
            let tag = Self.card(model)
            let text = try #require(ProxmarkClassicEML.encode(tag))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == tag.blocks.count)
            #expect(lines.allSatisfy { $0.count == 32 && $0 == $0.uppercased() })
            let back = try Self.read(Array(text.utf8))
            #expect(back.format == .proxmark3EML)
            #expect(back.model == model)
            #expect(try back.tag().blocks == tag.blocks)
        }
        let flipper = try Self.read(try Self.fixture("flipper-nfc/laundr-mfc1k.nfc")).tag()
        #expect(ProxmarkClassicEML.encode(flipper) == nil)
    }

    // MARK: Headers

    @Test func aHeaderUIDThatContradictsBlock0IsReportedAndBlock0Wins() throws {
        let text = ProxmarkClassicJSON.encode(Self.card(.mifareClassic1K))
            .replacingOccurrences(of: "\"UID\": \"8A5C2E1B\"", with: "\"UID\": \"01020304\"")
        let dump = try Self.read(Array(text.utf8))
        #expect(dump.headerContradictions.count == 1)
        #expect(dump.headerContradictions[0].contains("01 02 03 04"))
        #expect(try dump.tag().uid == [0x8A, 0x5C, 0x2E, 0x1B])
    }

    @Test func aVersion2FlipperFileGivesItsATQALeastSignificantByteFirst() throws {
        let text = VirtualTag.classic(Self.card(.mifareClassic1K)).encoded
            .replacingOccurrences(of: "Version: 4", with: "Version: 2")
            .replacingOccurrences(of: "ATQA: 00 04", with: "ATQA: 04 00")
        #expect(try Self.read(Array(text.utf8)).headerContradictions.isEmpty)
    }

    // MARK: Malformed dumps

    @Test func malformedDumpsNameWhereTheyBreak() throws {
        func failure(_ text: String, model: TagModel? = nil, as format: ClassicDumpFormat) -> ClassicDumpError? {
            do {
                _ = try ClassicDumps.read(Array(text.utf8), as: format, model: model, path: "d")
            } catch .malformedClassicDump(_, _, let error) {
                return error
            } catch {
                return nil
            }
            return nil
        }
        let json = ProxmarkClassicJSON.encode(Self.card(.mifareClassic1K))
        guard case .json(let error) = failure(String(json.prefix(200)), as: .proxmark3JSON) else {
            Issue.record("a truncated JSON dump is not a JSON error")
            return
        }
        #expect(error.offset == 200)
        #expect(
            failure(json.replacingOccurrences(of: "\"63\":", with: "\"300\":"), as: .proxmark3JSON)
                == .blockOutOfRange(block: 300, blocks: 256))
        let eml = try #require(ProxmarkClassicEML.encode(Self.card(.mifareClassic1K)))
        let short = eml.split(separator: "\n").dropLast().joined(separator: "\n")
        #expect(failure(short, as: .proxmark3EML) == .wrongSize(found: 63, unit: "blocks", expected: [64, 256]))
        #expect(
            failure(eml.replacingOccurrences(of: "8A5C2E1B", with: "8A5C2E1G"), as: .proxmark3EML)
                == .badBlock(line: 1, block: 0, reason: "byte 3 is not two hex digits"))
        #expect(
            failure("+Sector: 40\n", as: .mct)
                == .badSector(line: 1, reason: "'+Sector: 40' is not a sector from 0 to 39"))
        #expect(
            failure("+Sector: 0\n" + String(repeating: "00", count: 15) + "\n", as: .mct)
                == .badBlock(line: 2, block: 0, reason: "30 characters, not 32 hex digits"))
        // A sector missing a line (hostile newcomer, issue 40): its trailer's line used to land in
        // a data block and the trailer read as unknown.
        let mct = MCTClassicFile.encode(Self.card(.mifareClassic1K))
        var lines = mct.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.remove(at: 2)
        #expect(
            failure(lines.joined(separator: "\n"), as: .mct) == .sectorShort(line: 1, sector: 0, found: 3, blocks: 4))
        #expect(
            failure(String(repeating: "A", count: 1000), model: .mifareClassic1K, as: .rawImage)
                == .modelMismatch(found: 1000, unit: "bytes", model: "MIFARE Classic 1K", expected: 1024))
    }

    @Test func otherFilesAreNotClassicDumps() {
        #expect(ClassicDumps.recognise(Array("{\"FileType\": \"mfu\"}".utf8)) == nil)
        #expect(
            ClassicDumps.recognise(Array("Filetype: Flipper NFC device\nDevice type: NTAG/Ultralight\n".utf8)) == nil)
        #expect(ClassicDumps.recognise([0x00, 0x01]) == nil)
        // A TapCard or Flipper file of exactly 1024 bytes is no raw image.
        let comment = "# TapCard\nFiletype: Flipper NFC device\nDevice type: NTAG/Ultralight\n"
        let padded = comment + String(repeating: "#", count: 1024 - comment.utf8.count)
        #expect(ClassicDumps.recognise(Array(padded.utf8)) == nil)
    }
}
