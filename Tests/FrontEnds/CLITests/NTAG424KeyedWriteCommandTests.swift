import Foundation
import TapCardCLI
import Testing

/// `write`/`erase --auth-key N=HEX32` (issue 25, item 2) through the CLI on a virtual NTAG 424 DNA
/// whose NDEF file needs key 0 after `ntag424 sdm setup`: refused without the key (saying how to
/// give it), written and read back with it; `--key` on a tag without application keys, or with a
/// key number outside 0–4, is a usage error.
@Suite struct NTAG424KeyedWriteCommandTests {
    static let zero = String(repeating: "0", count: 32)

    private func run(_ arguments: [String], home: String) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    @Test func keyedWriteAndErase() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-keyed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let home = url.path
        let path = home + "/tag.t4"
        #expect(await run(["sim", "new", "ntag424", path], home: home).status == 0)
        let template = "https://h.example/" + String(repeating: "p", count: 100) + "?e={picc}&c={mac}"
        #expect(
            await run(["ntag424", "sdm", "setup", "--tag", path, "--url-template", template], home: home).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let plain = await run(["write", "text", "hello", "--tag", path], home: home)
        #expect(plain.status == 1)
        #expect(plain.io.errorOutput.contains("--auth-key N=HEX32"))
        let badNumber = await run(
            ["write", "text", "hello", "--tag", path, "--auth-key", "9=" + Self.zero], home: home)
        #expect(badNumber.status == 64)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        let keyed = await run(
            ["write", "text", "hello", "--tag", path, "--auth-key", "0=" + Self.zero, "--json"], home: home)
        #expect(keyed.status == 0, "\(keyed.io.errorOutput)")
        #expect(!keyed.io.outputText.contains(Self.zero))
        let read = await run(["read", "--tag", path], home: home)
        #expect(read.io.outputText.contains("hello"))
        let erased = await run(["erase", "--tag", path, "--auth-key", "0=" + Self.zero], home: home)
        #expect(erased.status == 0, "\(erased.io.errorOutput)")

        let other = home + "/other.nfc"
        #expect(await run(["sim", "new", "ntag213", other], home: home).status == 0)
        let wrongTag = await run(["write", "text", "x", "--tag", other, "--auth-key", "0=" + Self.zero], home: home)
        #expect(wrongTag.status == 64)
        #expect(wrongTag.io.errorOutput.contains("NTAG 424 DNA application key"))
    }
}
