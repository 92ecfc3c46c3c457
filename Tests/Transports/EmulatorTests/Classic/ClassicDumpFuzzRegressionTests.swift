import Foundation
import TagCatalog
import TagEmulator
import TestSupport
import Testing

/// What the MIFARE Classic dump fuzz targets found (Tests/Fixtures/fuzz-regressions/classic-*/):
/// a key known in part (`?? ?? ?? ?? 6D ??` in a Flipper file, `F-7-0-` in an MCT dump). The
/// Proxmark3 JSON format has no mark for an unknown byte, and its client stops loading at the first
/// block left out, so every block is written, an unknown byte as 00 as `hf mf dump` writes what it
/// could not read, and `zeroFilled` names exactly those bytes for the export to say: the known
/// bytes come back, the unknown ones come back as 00, and none is written as anything else.
@Suite struct ClassicDumpFuzzRegressionTests {
    static let inputs: [(target: String, name: String, format: ClassicDumpFormat)] =
        FuzzRegressions.names("classic-flipper").map { ("classic-flipper", $0, .flipper) }
        // `model-…`: a finding about the model a dump reads back as, checked on its own below.
        + FuzzRegressions.names("classic-mct").filter { !$0.hasPrefix("model-") }.map { ("classic-mct", $0, .mct) }

    @Test func everyFindingIsKept() {
        #expect(Self.inputs.count >= 2)
    }

    @Test func aPartlyKnownPartIsWrittenAsZerosAndNamed() throws {
        for input in Self.inputs {
            let bytes = try FuzzRegressions.bytes(input.target, input.name)
            let hint: TagModel? = [nil, .mifareClassic1K, .mifareClassic4K][Int(bytes[0] % 3)]
            let tag = try ClassicDumps.read(Array(bytes.dropFirst()), as: input.format, model: hint, path: input.name)
                .tag()
            let again = try ClassicDumps.read(
                Array(ProxmarkClassicJSON.encode(tag).utf8), as: .proxmark3JSON, path: "again"
            ).tag()
            #expect(again.unknownBytes.isEmpty, "\(input.name): every block is in the file")
            let named = Set(
                ProxmarkClassicJSON.zeroFilled(tag).flatMap { block, runs in
                    runs.flatMap { $0.map { block * 16 + $0 } }
                })
            #expect(named == tag.unknownBytes, "\(input.name): the bytes written as 00 are the unknown ones")
            for (index, block) in tag.blocks.enumerated() {
                for offset in 0..<16 {
                    let expected: UInt8 = tag.isKnown(block: index, byte: offset) ? block[offset] : 0
                    #expect(again.blocks[index][offset] == expected, "\(input.name) block \(index)")
                }
            }
            // The Flipper file keeps the part as it was.
            let flipper = try ClassicDumps.read(Array(VirtualTag.classic(tag).encoded.utf8), as: .flipper, path: "f")
                .tag()
            #expect(flipper.unknownBytes == tag.unknownBytes)
        }
    }

    /// A 4K card whose sectors past 15 nobody read (an MCT dump of sectors 0-1 read as a 4K): its
    /// Proxmark3 JSON dump leaves those blocks out, and its `SectorKeys` still lists all 40
    /// sectors, so the dump reads back as the 4K it is (the fuzz target classic-mct found it
    /// reading back as a 1K once a header SAK no longer made the model).
    @Test func aFourKWhoseUpperSectorsAreUnknownReadsBackAsAFourK() throws {
        let bytes = try FuzzRegressions.bytes("classic-mct", "model-4k-unknown-upper-sectors")
        let tag = try ClassicDumps.read(Array(bytes.dropFirst()), as: .mct, model: .mifareClassic4K, path: "mct")
            .tag()
        #expect(tag.model == .mifareClassic4K && !tag.unknownBytes.isEmpty)
        let again = try ClassicDumps.read(
            Array(ProxmarkClassicJSON.encode(tag).utf8), as: .proxmark3JSON, path: "again")
        #expect(again.model == .mifareClassic4K)
        // Only block 0's own SAK and ATQA (the 1K's it was read from) are said: nothing about the model.
        #expect(again.headerContradictions.isEmpty && again.headerModelNote == nil, "\(again.notes)")
        #expect(again.notes == again.block0Notes, "\(again.notes)")
    }

    /// A card whose block 0 holds an unknown byte past the UID (`-` in an MCT dump), in a
    /// Proxmark3 JSON dump without block 0 (TapCard's export once left such a block out; it now
    /// writes the byte as 00 and says so, and other tools' dumps may still lack it): it reads back
    /// with the UID its header gives, said (fuzz target classic-mct).
    @Test func aJSONDumpWithoutBlock0TakesTheHeadersUIDAndSaysSo() throws {
        let bytes = try FuzzRegressions.bytes("classic-mct", "model-block0-unknown-byte")
        let tag = try ClassicDumps.read(Array(bytes.dropFirst()), as: .mct, path: "mct").tag()
        #expect(!tag.isKnown(block: 0, byte: 13))
        let exported = ProxmarkClassicJSON.encode(tag)
        let withoutBlock0 = exported.replacingOccurrences(
            of: #""0"\s*:\s*"[0-9A-Fa-f]{32}"\s*,"#, with: "", options: .regularExpression)
        try #require(withoutBlock0 != exported, "block 0 not found in the export")
        let again = try ClassicDumps.read(Array(withoutBlock0.utf8), as: .proxmark3JSON, path: "again")
        #expect(again.uidFromHeader)
        #expect(again.notes.contains { $0.contains("the header's UID 8A 5C 2E 1B") }, "\(again.notes)")
        let card = try again.tag()
        #expect(card.uid == tag.uid && card.model == tag.model)
        #expect((0..<4).allSatisfy { card.isKnown(block: 0, byte: $0) } && !card.isKnown(block: 0, byte: 4))
    }
}
