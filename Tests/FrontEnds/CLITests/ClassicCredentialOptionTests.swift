import Foundation
import TapCardCLI
import Testing

/// A MIFARE Classic has neither a Type 2 page password nor a Type 2 AUTHENTICATE key: `--password`
/// and `--auth-key` on one are a usage error (64) that names it as having no NFC Forum type, and
/// the file is left as it was. Before, the CLI took a Classic for a Type 2 tag here and the
/// password was silently ignored by the Classic driver.
@Suite struct ClassicCredentialOptionTests {
    @Test(arguments: [
        ["--password", "11223344"], ["--auth-key", String(repeating: "0", count: 32)],
    ])
    func aType2CredentialOnAClassicIsAUsageError(option: [String]) async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-classic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let io = CheckedIO(environment: ["TAPCARD_HOME": url.path])
        let path = url.path + "/c.nfc"
        #expect(await CLI.run(["sim", "new", "mifare-classic-1k", path], io: io) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for verb in [["read"], ["info"], ["write", "text", "x"], ["erase"]] {
            let run = CheckedIO(environment: ["TAPCARD_HOME": url.path])
            #expect(await CLI.run(verb + ["--tag", path] + option, io: run) == 64, "\(verb) \(option)")
            #expect(run.errorOutput.contains("a MIFARE Classic (no NFC Forum type)"), "\(run.errorOutput)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
