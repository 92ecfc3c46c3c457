import Foundation
import Testing

/// What a dump given as input cannot do to TapCard or to itself (hostile newcomer, issue 40). A
/// dump padded with blanks up to the input limit reads as the dump it pads, in linear time. Trimming a line one `dropLast()` at a time was quadratic: a
/// Proxmark3 JSON with 100 kB of trailing spaces took 26 s, and one at the 1 MiB limit about 45
/// minutes, so this suite would not finish before the fix. No time is measured here (the house
/// rule): the test proves the result, and its running at all proves the rest.
@Suite struct DumpInputGuardTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/dumps").path

    @Test(arguments: [
        "proxmark3/sasquach-ntag213.json", "proxmark3/bambu-2D96E03B-mfc1k.json", "flipper/Felica.nfc",
    ])
    func aDumpPaddedToTheLimitReadsAsTheDumpItPads(_ name: String) async throws {
        let home = try CLIHome("padded")
        defer { home.remove() }
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name))
        let padding = 1_048_576 - original.count - 1
        let padded = home.path + "/padded" + (name.hasSuffix(".json") ? ".json" : ".nfc")
        try (original + Data(repeating: 0x20, count: padding) + Data([0x0A])).write(to: URL(fileURLWithPath: padded))
        let plain = await home.run(["sim", "import", Self.fixtures + "/" + name, home.path + "/plain.nfc"])
        #expect(plain.status == 0, "\(plain.io.errorOutput)")
        let again = await home.run(["sim", "import", padded, home.path + "/again.nfc"])
        #expect(again.status == 0, "\(again.io.errorOutput)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: home.path + "/plain.nfc"))
                == Data(contentsOf: URL(fileURLWithPath: home.path + "/again.nfc")))
    }

    /// `sim import DUMP DUMP --force` replaced the dump with the virtual tag made of it (hostile
    /// newcomer, issue 40): one file named twice, or through a link, is a wrong command line.
    @Test func importingADumpOntoItselfIsRefusedAndTheDumpKept() async throws {
        let home = try CLIHome("import-self")
        defer { home.remove() }
        let dump = home.path + "/card.mfd"
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/libnfc-mfd/mfc1k.mfd"))
        try original.write(to: URL(fileURLWithPath: dump))
        try FileManager.default.createSymbolicLink(atPath: home.path + "/link.mfd", withDestinationPath: dump)
        for target in [dump, home.path + "/link.mfd", home.path + "/./card.mfd"] {
            let result = await home.run(["sim", "import", dump, target, "--force"])
            #expect(result.status == 64, "\(target): \(result.io.errorOutput)")
            #expect(result.io.errorOutput.contains("same file"), "\(target)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: dump)) == original)
        }
    }
}
