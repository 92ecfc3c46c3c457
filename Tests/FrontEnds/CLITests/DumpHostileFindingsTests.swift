import Foundation
import Testing

/// What a hostile newcomer found in the dump commands (issue 40): a Flipper DESFire file cut
/// before its `Application Count` or an application's `File IDs` imported as a card with nothing
/// in it; one path for two export formats wrote the first and refused the second; an empty output
/// path failed as a write (74) instead of a wrong command line (64).
@Suite struct DumpHostileFindingsTests {
    static let desfire = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/dumps/flipper/DESFire_NfcFileFormats_example.nfc")

    @Test("A Flipper DESFire file cut before a line the firmware always writes is refused, 65, nothing made")
    func cutDESFireFiles() async throws {
        let home = try CLIHome("desfire-cut")
        defer { home.remove() }
        let text = try String(contentsOf: Self.desfire, encoding: .utf8)
        for (marker, missing) in [
            ("Application Count", "'Application Count'"),
            ("Application 563412 File IDs", "'Application 563412 File IDs'"),
        ] {
            let end = try #require(text.range(of: marker)).lowerBound
            let cut = home.path + "/cut.nfc"
            try String(text[..<end]).write(toFile: cut, atomically: true, encoding: .utf8)
            let result = await home.run(["sim", "import", cut, home.path + "/out.nfc"])
            #expect(result.status == 65, "\(marker): \(result.io.errorOutput)")
            #expect(result.io.errorOutput.contains(missing), "\(result.io.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: home.path + "/out.nfc"))
        }
    }

    @Test("sim export: one path for two formats, or an empty path, is 64 with nothing written")
    func exportPaths() async throws {
        let home = try CLIHome("export-paths")
        defer { home.remove() }
        let tag = try await home.newTag("ntag213", "t.nfc")
        let same = home.path + "/same"
        for force in [[], ["--force"]] {
            let twice = await home.run(["sim", "export", tag, "--proxmark3", same, "--flipper", same] + force)
            #expect(twice.status == 64, "\(twice.io.errorOutput)")
            #expect(!FileManager.default.fileExists(atPath: same))
        }
        let empty = await home.run(["sim", "export", tag, "--proxmark3", ""])
        #expect(empty.status == 64, "\(empty.io.errorOutput)")
        #expect(await home.run(["sim", "new", "ntag213", ""]).status == 64)
        #expect(await home.run(["sim", "import", tag, ""]).status == 64)
    }
}
