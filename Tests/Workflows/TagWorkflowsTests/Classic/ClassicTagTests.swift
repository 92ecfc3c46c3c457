import MIFAREClassic
import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TapCardSupport
import Testing

@testable import TagWorkflows

/// The MIFARE Classic driver on the emulated card: a blank card formatted per AN1304, written,
/// read, erased; refusals before anything is written; the recogniser's choice; `info`'s sectors.
@Suite struct ClassicTagTests {
    static let uri = NDEFMessage(records: [.uri("https://example.com/classic")])

    @Test(arguments: [TagModel.mifareClassic1K, .mifareClassic4K])
    func aBlankCardIsFormattedThenWrittenReadAndErased(model: TagModel) async throws {
        let card = EmulatedClassicTag(model: model, uid: [0x01, 0x02, 0x03, 0x04])
        let tag = ClassicTag(channel: card)
        #expect(try await tag.read().content == .notFormatted)
        let format = try await tag.format()
        #expect(format.verified)
        #expect(format.writes.last?.block == 3)
        // Sector 0's trailer as AN1304 gives it, key A as written (the file keeps it).
        #expect(
            Array(card.blocks[3][0..<10]) == [
                0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0x78, 0x77, 0x88, model == .mifareClassic1K ? 0xC1 : 0xC2,
            ])
        // The driver's format and the emulator's own formatted image agree block for block.
        let reference = EmulatedClassicTag(model: model, uid: [0x01, 0x02, 0x03, 0x04], formatted: true)
        #expect(card.blocks == reference.blocks)
        let write = try await tag.write(Self.uri)
        #expect(write.verified)
        // Over the empty TLV `03 00 FE` the length is 0 already: no clear-length write is needed.
        #expect(write.writes.first?.role.rawValue == "data")
        #expect(write.writes.last?.role.rawValue == "commit")
        #expect(try await tag.read().content.message == Self.uri)
        let erase = try await tag.erase()
        #expect(erase.verified)
        #expect(try await tag.read().content == .empty)
    }

    /// A short message on a 4K card reads the MAD and the sectors the new TLV and the old one
    /// cover, not all 39 NDEF sectors: before this the preflight read the whole area (339
    /// commands for an 18-byte URI); the plan needs no byte beyond what it writes.
    @Test func aShortWriteReadsOnlyTheSectorsItCovers() async throws {
        let card = EmulatedClassicTag(model: .mifareClassic4K, formatted: true)
        let whole = ClassicTag(channel: card)
        _ = try await whole.readSnapshot(whole: true)
        let wholeArea = whole.takeStatistics().commands
        let write = try await ClassicTag(channel: card).write(Self.uri)
        #expect(write.verified)
        #expect(write.writeStatistics.commands * 10 < wholeArea, "\(write.writeStatistics.commands) of \(wholeArea)")
    }

    /// Over a long message a short one is planned from the old TLV read whole (what the card held
    /// is reported), and a TLV that NULL TLVs push past the first guess makes the plan ask for more:
    /// the whole area is read and the write lands the same.
    @Test func theOldMessageIsReadWholeAndAnNDEFTLVFurtherInStillWrites() async throws {
        let card = EmulatedClassicTag(model: .mifareClassic1K, formatted: true)
        let long = NDEFMessage(records: [.uri("https://example.com/" + String(repeating: "a", count: 200))])
        _ = try await ClassicTag(channel: card).write(long)
        let short = try await ClassicTag(channel: card).write(Self.uri)
        #expect(short.verified)
        #expect(short.previousContent.message == long)
        // 20 NULL TLVs (AN1304 allows them before the NDEF TLV), then the empty NDEF TLV: the
        // first guess (the message plus 5 bytes from offset 0) falls short of the TLV's end.
        let padded = [UInt8](repeating: 0x00, count: 20) + [0x03, 0x00, 0xFE]
        let area = padded + [UInt8](repeating: 0x00, count: 48 - padded.count)
        for (index, block) in [4, 5, 6].enumerated() {
            card.setBlock(block, to: Array(area[index * 16..<(index + 1) * 16]))
        }
        let message = NDEFMessage(records: [.text("x" + String(repeating: "y", count: 30), language: "en")])
        let write = try await ClassicTag(channel: card).write(message)
        #expect(write.verified)
        #expect(try await ClassicTag(channel: card).read().content.message == message)
        #expect(Array(card.blocks[5][4..<6]) == [0x03, UInt8(message.encoded().count)])
    }

    @Test func writingABlankCardIsRefusedAndSendsNoWrite() async throws {
        let card = EmulatedClassicTag(model: .mifareClassic1K)
        let before = card.blocks
        await #expect(throws: ClassicPlanRefusal.notFormatted(.mad(.notAvailable(generalPurposeByte: 0x69)))) {
            try await ClassicTag(channel: card).write(Self.uri)
        }
        #expect(card.blocks == before)
    }

    @Test func formattingAnNDEFCardIsRefused() async throws {
        let card = EmulatedClassicTag(model: .mifareClassic1K, formatted: true)
        // TapCard's own empty format: finished, so a format sends nothing and succeeds.
        let empty = card.blocks
        let again = try await ClassicTag(channel: card).format()
        #expect(again.verified && again.writes.isEmpty)
        #expect(card.blocks == empty)
        // An empty NDEF card TapCard's format would not leave (sector 5 read-only by its GPB,
        // 43) is another tool's or a half lock: refused, unchanged.
        var other = card.blocks
        other[23][9] = 0x43
        let foreign = try EmulatedClassicTag(model: .mifareClassic1K, uidLength: 4, blocks: other)
        await #expect(throws: (any Error).self) { try await ClassicTag(channel: foreign).format() }
        #expect(foreign.blocks == other)
        _ = try await ClassicTag(channel: card).write(Self.uri)
        let before = card.blocks
        await #expect(throws: FormatRefusal.holdsMessage(messageBytes: Self.uri.encoded().count)) {
            try await ClassicTag(channel: card).format()
        }
        #expect(card.blocks == before)
    }

    /// AN1304's read-only NDEF sector (`07 8F 0F`, GPB 43): read as read-only, a write refused.
    @Test func aReadOnlySectorIsReadAsSuchAndRefusesWrites() async throws {
        let card = EmulatedClassicTag(model: .mifareClassic1K, formatted: true)
        card.setBlock(
            7, to: [0xD3, 0xF7, 0xD3, 0xF7, 0xD3, 0xF7, 0x07, 0x8F, 0x0F, 0x43] + [UInt8](repeating: 0xFF, count: 6))
        let report = try await ClassicTag(channel: card).readTag()
        #expect(report.status == .readOnly)
        let before = card.blocks
        await #expect(throws: ClassicPlanRefusal.readOnly(sector: 1)) {
            try await ClassicTag(channel: card).write(Self.uri)
        }
        #expect(card.blocks == before)
    }

    @Test func theRecogniserPicksTheClassicDriverAndInfoListsTheSectors() async throws {
        let card = EmulatedClassicTag(model: .mifareClassic1K, formatted: true)
        card.setBlock(11, to: [1, 2, 3, 4, 5, 6, 0x7F, 0x07, 0x88, 0x40] + [UInt8](repeating: 0xFF, count: 6))
        let driver = Recognizer.driver(for: VirtualTagConnection(.classic(card)))
        #expect(driver is ClassicTag)
        let report = try #require(try await driver?.inspectTag())
        #expect(report.facts.forumType == 0)
        #expect(report.facts.chipName == "MIFARE Classic 1K")
        guard case .classicInspection(let inspection) = report.detail else {
            Issue.record("not a Classic inspection")
            return
        }
        #expect(inspection.sectors.count == 16)
        #expect(inspection.sectors[0].key == .madKeyA)
        #expect(inspection.sectors[1].key == .ndefKeyA)
        #expect(inspection.sectors[2].key == nil)
        #expect(inspection.sectors[1].application?.description == "03e1")
        let fields = report.detail.fields(uid: card.uid, carrier: "NFC-A") ?? []
        #expect(fields.contains { $0.label == "Sector 2" && $0.value.contains("private key") })
    }

    /// AN1304's read-only card: with confirmation every NDEF sector and the MAD get `07 8F 0F`
    /// under key B; the message still reads, every write is refused by TapCard and by the card.
    @Test func lockingMakesEveryNDEFSectorReadOnlyForGood() async throws {
        let card = EmulatedClassicTag(model: .mifareClassic1K, formatted: true)
        _ = try await ClassicTag(channel: card).write(Self.uri)
        let before = card.blocks
        await #expect(throws: LockRefusal.confirmationRequired) {
            try await ClassicTag(channel: card).lock(confirmation: nil)
        }
        #expect(card.blocks == before)
        let report = try await ClassicTag(channel: card).lock(confirmation: .permanent)
        #expect(report.verified)
        #expect(report.lockedSectors == Array(1...15) + [0])
        #expect(Array(card.blocks[7][6..<10]) == [0x07, 0x8F, 0x0F, 0x43])
        #expect(Array(card.blocks[3][6..<10]) == [0x07, 0x8F, 0x0F, 0xC1])
        #expect(Array(card.blocks[7][0..<6]) == ClassicKey.ndefKeyA.bytes)
        let reading = try await ClassicTag(channel: card).readTag()
        #expect(reading.status == .readOnly)
        #expect(reading.content.message == Self.uri)
        await #expect(throws: ClassicPlanRefusal.readOnly(sector: 1)) {
            try await ClassicTag(channel: card).erase()
        }
        // The card itself refuses: key A may read block 4 and write nothing.
        try await card.authenticate(block: 4, role: .a, key: ClassicKey.ndefKeyA.bytes)
        await #expect(throws: ChannelError.statusWord(sw1: 0x69, sw2: 0x82, command: ClassicCommand.write(block: 4))) {
            try await card.writeBlock(4, [UInt8](repeating: 0, count: 16))
        }
    }
}
