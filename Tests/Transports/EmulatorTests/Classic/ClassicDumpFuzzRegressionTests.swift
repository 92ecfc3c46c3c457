import TagCatalog
import TagEmulator
import TestSupport
import Testing

/// What the MIFARE Classic dump fuzz targets found (Tests/Fixtures/fuzz-regressions/classic-*/):
/// a key known in part (`?? ?? ?? ?? 6D ??` in a Flipper file, `F-7-0-` in an MCT dump). The
/// Proxmark3 JSON format has no mark for one unknown byte, so such a part is left out whole: the
/// bytes it carries come back, the part comes back unknown, and no byte is invented.
@Suite struct ClassicDumpFuzzRegressionTests {
    static let inputs: [(target: String, name: String, format: ClassicDumpFormat)] =
        FuzzRegressions.names("classic-flipper").map { ("classic-flipper", $0, .flipper) }
        + FuzzRegressions.names("classic-mct").map { ("classic-mct", $0, .mct) }

    @Test func everyFindingIsKept() {
        #expect(Self.inputs.count >= 2)
    }

    @Test func aPartlyKnownPartLeavesTheProxmark3DumpWholeAndIsUnknownThere() throws {
        for input in Self.inputs {
            let bytes = try FuzzRegressions.bytes(input.target, input.name)
            let hint: TagModel? = [nil, .mifareClassic1K, .mifareClassic4K][Int(bytes[0] % 3)]
            let tag = try ClassicDumps.read(Array(bytes.dropFirst()), as: input.format, model: hint, path: input.name)
                .tag()
            let again = try ClassicDumps.read(
                Array(ProxmarkClassicJSON.encode(tag).utf8), as: .proxmark3JSON, path: "again"
            ).tag()
            #expect(again.unknownBytes.isSuperset(of: tag.unknownBytes), "\(input.name)")
            #expect(again.unknownBytes.count > tag.unknownBytes.count, "\(input.name): a part known in part")
            for (index, block) in tag.blocks.enumerated() {
                for offset in 0..<16 where again.isKnown(block: index, byte: offset) {
                    #expect(again.blocks[index][offset] == block[offset], "\(input.name) block \(index)")
                }
            }
            // The Flipper file keeps the part as it was.
            let flipper = try ClassicDumps.read(Array(VirtualTag.classic(tag).encoded.utf8), as: .flipper, path: "f")
                .tag()
            #expect(flipper.unknownBytes == tag.unknownBytes)
        }
    }
}
