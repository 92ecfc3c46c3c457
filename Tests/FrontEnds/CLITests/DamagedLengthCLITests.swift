import Foundation
import Testing

/// A length field no message fits — a Type 4 NLEN beyond the NDEF file the CC describes, a FeliCa
/// Ln beyond Nmaxb × 16 — is a state to report and to write over (issue 39, item 7): `read` says
/// the tag holds a damaged or interrupted write and to rewrite it, and `write` does. Both used to
/// fail the read a write begins with, so no write could ever repair such a tag.
@Suite struct DamagedLengthCLITests {
    /// `model` made in `home`, with `line`'s prefix replaced by `replacement`.
    func crafted(_ home: CLIHome, _ model: String, line prefix: String, with replacement: String) async throws
        -> String
    {
        let tag = try await home.newTag(model, "t.nfc")
        var lines = try String(contentsOfFile: tag, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix(prefix) }, "\(model): no line '\(prefix)'")
        lines[index] = replacement + lines[index].dropFirst(replacement.count)
        try lines.joined(separator: "\n").write(toFile: tag, atomically: true, encoding: .utf8)
        return tag
    }

    @Test(arguments: [
        // NLEN 0x0800 = 2048 in a 2048-byte file (2046 bytes after NLEN).
        ("type4", "File E104 data 0000:", "File E104 data 0000: 08 00", "NLEN of NDEF file E104 says 2048 bytes"),
        // NLEN 0x0100 = 256 in the NTAG 424 DNA's 256-byte file.
        ("ntag424", "File E104 data 0000:", "File E104 data 0000: 01 00", "NLEN of NDEF file E104 says 256 bytes"),
        // Ln 209 (00 00 D1) against Nmaxb 13 (208 bytes), with the checksum that matches (00 F4).
        (
            "felica-lite-s", "Block 0:", "Block 0: 00 00 10 04 01 00 0D 00 00 00 00 00 01 00 00 D1 00 F4",
            "Ln says 209 bytes, more than the 208 bytes"
        ),
    ])
    func aDamagedLengthIsReportedAndAWriteRepairsIt(
        model: String, prefix: String, replacement: String, expected: String
    ) async throws {
        let home = try CLIHome("damaged-length")
        defer { home.remove() }
        let tag = try await crafted(home, model, line: prefix, with: replacement)
        let read = await home.run(["read", "--tag", tag])
        #expect(read.status == 1, "\(model): \(read.io.outputText) \(read.io.errorOutput)")
        let said = read.io.outputText + read.io.errorOutput
        #expect(said.contains(expected), "\(model): \(said)")
        #expect(said.contains("rewrite this tag"), "\(model): \(said)")
        let json = await home.run(["read", "--tag", tag, "--json"])
        let ndef = try #require(try CLIHome.object(json.io.outputText)["ndef"] as? [String: Any])
        #expect(ndef["state"] as? String == "interrupted-write", "\(model): \(json.io.outputText)")
        let write = await home.run(["write", "text", "repaired", "--tag", tag])
        #expect(write.status == 0, "\(model): \(write.io.errorOutput)")
        #expect(write.io.outputText.contains("Verified"), "\(model): \(write.io.outputText)")
        let after = await home.run(["read", "--tag", tag])
        #expect(after.status == 0, "\(model): \(after.io.errorOutput)")
        #expect(after.io.outputText.contains("Text (en, UTF-8): repaired"), "\(model): \(after.io.outputText)")
    }
}
