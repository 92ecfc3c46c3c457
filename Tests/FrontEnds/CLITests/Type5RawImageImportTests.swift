import Foundation
import Testing

/// A raw ICODE SLIX2 or ST25DV04K image (Proxmark3 `hf 15 dump` `.bin` or `.eml`, `sim export
/// --bin`) imports with `--model` (issue 40: `sim export --bin` wrote one that nothing read
/// back): its blocks byte for byte, the UID `--uid`'s or random, and what it lacks named.
@Suite struct Type5RawImageImportTests {
    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test(
        "sim export --bin, then sim import --model: the same blocks, raw and as .eml lines",
        arguments: [("icode-slix2", "E004010812345678", 4), ("st25dv04k", "E002240000ABCDEF", 4)])
    func roundTrip(model: String, uid: String, blockSize: Int) async throws {
        let home = try CLIHome("type5-raw")
        defer { home.remove() }
        let tag = try await Self.written(home, model)
        let bin = home.path + "/t.bin"
        #expect(await home.run(["sim", "export", tag, "--bin", bin]).status == 0)
        let image = try Self.bytes(bin)
        // The same blocks as a Proxmark3 .eml: one block of hex a line, CR LF.
        let eml = home.path + "/t.eml"
        try stride(from: 0, to: image.count, by: blockSize).map { offset in
            image[offset..<offset + blockSize].map { String(format: "%02X", $0) }.joined() + "\r\n"
        }.joined().write(toFile: eml, atomically: true, encoding: .utf8)
        for source in [bin, eml] {
            let out = home.path + "/back.nfc"
            let imported = await home.run(["sim", "import", source, out, "--model", model, "--uid", uid, "--force"])
            #expect(imported.status == 0, "\(imported.io.errorOutput)")
            #expect(imported.io.errorOutput.contains("not in the dump: the UID (--uid's"), "\(imported.io.errorOutput)")
            #expect(imported.io.errorOutput.contains("the block locks"))
            let again = home.path + "/again.bin"
            #expect(await home.run(["sim", "export", out, "--bin", again, "--force"]).status == 0)
            #expect(try Self.bytes(again) == image, "\(source)")
            let read = await home.run(["read", "--tag", out, "--json"])
            let object = try CLIHome.object(read.io.outputText)
            #expect((object["uid"] as? [String: Any])?["hex"] as? String == uid.lowercased(), "\(read.io.outputText)")
            #expect(read.io.outputText.contains("https://example.com/raw"))
        }
        // Without --uid a random UID of the model's, said.
        let random = await home.run(["sim", "import", bin, home.path + "/r.nfc", "--model", model])
        #expect(random.status == 0)
        #expect(random.io.errorOutput.contains("a random"), "\(random.io.errorOutput)")
    }

    @Test("A wrong size is 65 naming the sizes taken, nothing written; --uid without a Type 5 image is 64")
    func refusals() async throws {
        let home = try CLIHome("type5-raw-refusals")
        defer { home.remove() }
        let bin = home.path + "/short.bin"
        try Data(repeating: 0, count: 319).write(to: URL(fileURLWithPath: bin))
        let out = home.path + "/out.nfc"
        let short = await home.run(["sim", "import", bin, out, "--model", "icode-slix2"])
        #expect(short.status == 65)
        #expect(
            short.io.errorOutput.contains("it holds 319 bytes; one is 320 bytes (80 blocks of 4)"),
            "\(short.io.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // An .eml with one line a digit short names the line.
        let eml = home.path + "/bad.eml"
        var lines = [String](repeating: "00000000", count: 80)
        lines[4] = "0000000"
        try (lines.joined(separator: "\n") + "\n").write(toFile: eml, atomically: true, encoding: .utf8)
        let badLine = await home.run(["sim", "import", eml, out, "--model", "icode-slix2"])
        #expect(badLine.status == 65)
        #expect(
            badLine.io.errorOutput.contains("line 5 is not one block of 8 hex digits (it has 7 characters)"),
            "\(badLine.io.errorOutput)")
        let wrongUID = await home.run(["sim", "import", bin, out, "--model", "ntag215", "--uid", "E004010812345678"])
        #expect(wrongUID.status == 64, "\(wrongUID.io.errorOutput)")
        try Data(repeating: 0, count: 320).write(to: URL(fileURLWithPath: bin))
        let foreign = await home.run(["sim", "import", bin, out, "--model", "icode-slix2", "--uid", "E002240000ABCDEF"])
        #expect(foreign.status == 65, "\(foreign.io.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A tag of `model` holding a URI, its path.
    static func written(_ home: CLIHome, _ model: String) async throws -> String {
        let tag = try await home.newTag(model, "t.nfc")
        let wrote = await home.run(["write", "uri", "https://example.com/raw", "--tag", tag])
        #expect(wrote.status == 0, "\(wrote.io.errorOutput)")
        return tag
    }
}
