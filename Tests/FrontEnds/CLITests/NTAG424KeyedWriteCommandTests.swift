import Foundation
import TapCardCLI
import Testing

/// `write`/`erase --auth-key N=HEX32` (issue 25, item 2) through the CLI on a virtual NTAG 424 DNA
/// whose NDEF file needs key 0 after `ntag424 sdm setup`: refused without the key (saying how to
/// give it), written and read back with it; `--key` on a tag without application keys, or with a
/// key number outside 0–4, is a usage error.
@Suite struct NTAG424KeyedWriteCommandTests {
    static let zero = String(repeating: "0", count: 32)

    @Test func keyedWriteAndErase() async throws {
        let home = try CLIHome("keyed")
        defer { home.remove() }
        let path = try await home.newTag("ntag424", "tag.t4")
        let template = "https://h.example/" + String(repeating: "p", count: 100) + "?e={picc}&c={mac}"
        #expect(
            await home.run(["ntag424", "sdm", "setup", "--tag", path, "--url-template", template]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let plain = await home.run(["write", "text", "hello", "--tag", path])
        #expect(plain.status == 1)
        #expect(plain.io.errorOutput.contains("--auth-key N=HEX32"))
        let badNumber = await home.run(
            ["write", "text", "hello", "--tag", path, "--auth-key", "9=" + Self.zero])
        #expect(badNumber.status == 64)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        let keyed = await home.run(
            ["write", "text", "hello", "--tag", path, "--auth-key", "0=" + Self.zero, "--json"])
        #expect(keyed.status == 0, "\(keyed.io.errorOutput)")
        #expect(!keyed.io.outputText.contains(Self.zero))
        let read = await home.run(["read", "--tag", path])
        #expect(read.io.outputText.contains("hello"))
        let erased = await home.run(["erase", "--tag", path, "--auth-key", "0=" + Self.zero])
        #expect(erased.status == 0, "\(erased.io.errorOutput)")

        let other = try await home.newTag("ntag213", "other.nfc")
        let wrongTag = await home.run(["write", "text", "x", "--tag", other, "--auth-key", "0=" + Self.zero])
        #expect(wrongTag.status == 64)
        #expect(wrongTag.io.errorOutput.contains("NTAG 424 DNA application key"))
    }
}
