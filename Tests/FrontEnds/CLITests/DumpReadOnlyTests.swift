import Foundation
import Testing

/// A dump opened with `--tag` is read-only (issue 40): every verb that would change it is refused
/// before anything, with one error and one exit status, for every dump format TapCard reads, even
/// when the verb would change no byte (an `erase` of an empty message, a `write` of the message it
/// holds). A `.mct`, `.eml` or `.bin` dump used to go through and exit 0 when nothing changed, and
/// `emulate` saved any dump but a MIFARE Classic one back as a virtual tag file.
@Suite struct DumpReadOnlyTests {
    static let dumps = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/dumps").path

    /// One file of every dump format `--tag` reads, with the words the refusal names it by.
    static func everyDump(_ home: CLIHome) async throws -> [(path: String, format: String)] {
        var files: [(String, String)] = []
        func copy(_ fixture: String, _ name: String, _ format: String) throws {
            let path = home.path + "/" + name
            try FileManager.default.copyItem(atPath: dumps + "/" + fixture, toPath: path)
            files.append((path, format))
        }
        try copy("proxmark3/sasquach-ntag213.json", "mfu.json", "Proxmark3 dump")
        try copy("proxmark3/slix-cap-default-15693.json", "iso15693.json", "Proxmark3 dump")
        try copy("flipper/DESFire_NfcFileFormats_example.nfc", "desfire.nfc", "Flipper Zero DESFire file")
        try copy("libnfc-mfd/mfc1k.mfd", "card.mfd", "raw MIFARE Classic image")
        let classic = try await home.newTag("mifare-classic-1k", "classic.nfc")
        let exported = await home.run([
            "sim", "export", classic, "--proxmark3", home.path + "/classic.json", "--eml", home.path + "/classic.eml",
            "--bin", home.path + "/classic.bin", "--mct", home.path + "/classic.mct",
        ])
        #expect(exported.status == 0, "\(exported.io.errorOutput)")
        files += [
            (home.path + "/classic.json", "Proxmark3 dump"), (home.path + "/classic.eml", "Proxmark3 .eml dump"),
            (home.path + "/classic.bin", "raw MIFARE Classic image"),
            (home.path + "/classic.mct", "MIFARE Classic Tool dump"),
        ]
        let type4 = try await home.newTag("type4", "t4.nfc")
        #expect(await home.run(["write", "uri", "https://tapcard.example/t4", "--tag", type4]).status == 0)
        #expect(await home.run(["sim", "export", type4, "--flipper", home.path + "/t4-flipper.nfc"]).status == 0)
        files.append((home.path + "/t4-flipper.nfc", "Flipper Zero Type 4 file"))
        return files
    }

    @Test("write, erase, format and copy to a dump of every format: exit 1, one error, the file unchanged")
    func everyVerbOnEveryDump() async throws {
        let home = try CLIHome("dump-read-only")
        defer { home.remove() }
        let source = try await home.newTag("ntag215", "source.nfc")
        #expect(await home.run(["write", "text", "hi", "--tag", source]).status == 0)
        let sourceBefore = try Data(contentsOf: URL(fileURLWithPath: source))
        for (dump, format) in try await Self.everyDump(home) {
            let before = try Data(contentsOf: URL(fileURLWithPath: dump))
            for verb in [
                ["write", "text", "hi", "--tag", dump], ["erase", "--tag", dump], ["format", "--tag", dump],
                ["copy", source, "--tag", dump],
            ] {
                let result = await home.run(verb)
                #expect(result.status == 1, "\(verb): \(result.io.errorOutput)")
                #expect(
                    result.io.errorOutput.contains("\(dump) is a \(format)"), "\(verb): \(result.io.errorOutput)")
                #expect(
                    result.io.errorOutput.contains("which TapCard reads but never changes"),
                    "\(verb): \(result.io.errorOutput)")
                #expect(result.io.outputText.isEmpty, "\(verb) printed: \(result.io.outputText)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: dump)) == before, "\(verb) changed \(dump)")
            }
            // emulate saves the tag it served: refused before it connects to vpcd. (A `.bin` is
            // emulate's own raw Type 2 image by its name, written back as one: not a dump there.)
            if !dump.hasSuffix(".bin") {
                let emulate = await home.run([
                    "emulate", "--tag", dump, "--vpcd", "127.0.0.1:9", "--connect-timeout", "1",
                ])
                #expect(emulate.status == 1, "\(dump): \(emulate.io.errorOutput)")
                #expect(emulate.io.errorOutput.contains("\(dump) is a \(format)"), "\(emulate.io.errorOutput)")
                #expect(emulate.io.errorOutput.contains("which TapCard reads but never changes"))
                #expect(try Data(contentsOf: URL(fileURLWithPath: dump)) == before)
            }
            // Reading it stays allowed.
            let read = await home.run(["read", "--tag", dump])
            #expect(read.status == 0, "\(dump): \(read.io.errorOutput)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: source)) == sourceBefore)
    }

    @Test("A write that would change nothing in a dump is refused all the same")
    func aWriteThatChangesNothingIsRefused() async throws {
        let home = try CLIHome("dump-read-only-same")
        defer { home.remove() }
        let classic = try await home.newTag("mifare-classic-1k", "classic.nfc")
        #expect(await home.run(["format", "--tag", classic]).status == 0)
        #expect(await home.run(["write", "text", "same", "--tag", classic]).status == 0)
        let mct = home.path + "/same.mct"
        #expect(await home.run(["sim", "export", classic, "--mct", mct]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: mct))
        let again = await home.run(["write", "text", "same", "--tag", mct])
        #expect(again.status == 1, "\(again.io.errorOutput)")
        #expect(again.io.errorOutput.contains("is a MIFARE Classic Tool dump, which TapCard reads but never changes"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: mct)) == before)
    }
}
