import Foundation
import Testing

/// `tapcard copy DUMP --tag TARGET` from a dump of every format TapCard reads (issue 40, item 4):
/// the target, of another family, ends with the source's message, read back; a dump without an
/// NDEF message is refused before anything is written. The dumps are made by `sim export` of
/// virtual tags holding a message (no real public fixture holds one), except the Flipper Zero
/// DESFire file, which TapCard does not write: it is written here, line by line, in the layout
/// of the firmware's documented example (`Tests/Fixtures/dumps/flipper/`).
@Suite struct CopyFromDumpsTests {
    static let dumps = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/dumps").path

    /// A virtual tag of `model` holding one URI record.
    static func source(_ home: CLIHome, _ model: String, _ uri: String) async throws -> String {
        let path = try await home.newTag(model, "source-\(model).nfc")
        let written = await home.run(["write", "uri", uri, "--tag", path])
        #expect(written.status == 0, "\(model): \(written.io.errorOutput)")
        return path
    }

    /// The NDEF message a tag or dump holds, as hex (`nil` for none).
    static func ndef(_ home: CLIHome, _ path: String) async throws -> String? {
        let read = await home.run(["read", "--tag", path, "--json"])
        #expect(read.status == 0, "\(path): \(read.io.errorOutput)")
        let ndef = try CLIHome.object(read.io.outputText)["ndef"] as? [String: Any]
        return ndef?["hex"] as? String
    }

    /// A Flipper Zero `Mifare DESFire` file of AN11004's NDEF application (AID 000001, ISO file
    /// identifiers flagged) whose NDEF file holds `message`.
    static func flipperDESFire(message: [UInt8]) -> String {
        let capability: [UInt8] = [
            0x00, 0x0F, 0x20, 0x00, 0x3B, 0x00, 0x34, 0x04, 0x06, 0xE1, 0x04, 0x00, 0x80, 0x00, 0x00,
        ]
        var ndefFile: [UInt8] = [UInt8(message.count >> 8), UInt8(message.count & 0xFF)] + message
        ndefFile += [UInt8](repeating: 0, count: 128 - ndefFile.count)
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined(separator: " ") }
        let app = "Application 010000"
        var lines = [
            "Filetype: Flipper NFC device", "Version: 4", "Device type: Mifare DESFire", "UID: 04 2F 19 0A CD 66 80",
            "ATQA: 03 44", "SAK: 20", "ATS: 06 75 77 81 02 80",
            "PICC Version: 04 01 01 12 00 1A 05 04 01 01 02 01 1A 05 04 2F 19 0A CD 66 80 CE ED D4 51 80 31 19",
            "PICC Free Memory: 7520", "PICC Change Key ID: 00", "PICC Config Changeable: true",
            "PICC Free Create Delete: true", "PICC Free Directory List: true", "PICC Key Changeable: true",
            "PICC Max Keys: 01", "PICC Key 0 Version: 00", "Application Count: 1", "Application IDs: 01 00 00",
            "\(app) Change Key ID: 00", "\(app) Config Changeable: true", "\(app) Free Create Delete: true",
            "\(app) Free Directory List: true", "\(app) Key Changeable: true", "\(app) Max Keys: 01",
            "\(app) Flags: 02", "\(app) Key 0 Version: 00", "\(app) File IDs: 01 02",
        ]
        for (number, content) in [(1, capability), (2, ndefFile)] {
            lines += [
                "\(app) File \(number) Type: 00", "\(app) File \(number) Communication Settings: 00",
                "\(app) File \(number) Access Rights: EE EE", "\(app) File \(number) Size: \(content.count)",
                "\(app) File \(number): \(hex(content))",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("A dump of every format TapCard reads copies onto targets of two other families, read back")
    func everyFormat() async throws {
        let home = try CLIHome("copy-from-dumps")
        defer { home.remove() }
        func export(_ tag: String, _ option: String, _ name: String) async -> String {
            let out = home.path + "/" + name
            let exported = await home.run(["sim", "export", tag, option, out])
            #expect(exported.status == 0, "\(name): \(exported.io.errorOutput)")
            return out
        }
        let ntag = try await Self.source(home, "ntag215", "https://copy.example/type2")
        let slix = try await Self.source(home, "icode-slix2", "https://copy.example/type5")
        let felica = try await Self.source(home, "felica-lite-s", "https://copy.example/type3")
        let classic = try await Self.source(home, "mifare-classic-1k", "https://copy.example/classic")
        let message = try #require(try await Self.ndef(home, ntag))
        let desfire = home.path + "/desfire.nfc"
        try Data(Self.flipperDESFire(message: try hexBytes(message)).utf8).write(to: URL(fileURLWithPath: desfire))
        // (dump, its family, what it should hold)
        let sources: [(String, String, String?)] = [
            (await export(ntag, "--flipper", "ntag-flipper.nfc"), "ntag215", nil),
            (await export(ntag, "--proxmark3", "ntag-pm3.json"), "ntag215", nil),
            (await export(slix, "--flipper", "slix-flipper.nfc"), "icode-slix2", nil),
            (await export(slix, "--proxmark3", "slix-pm3.json"), "icode-slix2", nil),
            (await export(felica, "--flipper", "felica-flipper.nfc"), "felica-lite-s", nil),
            (desfire, "desfire-ev3-4k", message),
            (await export(classic, "--flipper", "classic-flipper.nfc"), "mifare-classic-1k", nil),
            (await export(classic, "--proxmark3", "classic-pm3.json"), "mifare-classic-1k", nil),
            (await export(classic, "--eml", "classic.eml"), "mifare-classic-1k", nil),
            (await export(classic, "--bin", "classic.bin"), "mifare-classic-1k", nil),
            (await export(classic, "--mct", "classic.mct"), "mifare-classic-1k", nil),
            (await export(classic, "--bin", "classic.mfd"), "mifare-classic-1k", nil),
        ]
        let families = ["ntag215", "felica-lite-s", "desfire-ev3-4k", "icode-slix2", "mifare-classic-1k"]
        for (index, (dump, family, given)) in sources.enumerated() {
            let expected = try await Self.ndef(home, dump)
            #expect(expected != nil, "\(dump) holds no message")
            if let given { #expect(expected == given, "\(dump)") }
            let before = try Data(contentsOf: URL(fileURLWithPath: dump))
            let targets = families.filter { $0 != family }
            for target in [targets[index % targets.count], targets[(index + 1) % targets.count]] {
                let to = try await home.newTag(target, "to-\(index)-\(target).nfc")
                let copied = await home.run(["copy", dump, "--tag", to])
                #expect(copied.status == 0, "\(dump) → \(target): \(copied.io.errorOutput)")
                #expect(copied.io.outputText.contains("it fits"), "\(copied.io.outputText)")
                #expect(try await Self.ndef(home, to) == expected, "\(dump) → \(target)")
            }
            // The dump is only read.
            #expect(try Data(contentsOf: URL(fileURLWithPath: dump)) == before, "\(dump)")
        }
    }

    @Test("A dump without an NDEF message is refused, and the target is left as it was")
    func dumpsWithoutAMessage() async throws {
        let home = try CLIHome("copy-from-empty-dumps")
        defer { home.remove() }
        let target = try await home.newTag("ntag215", "target.nfc")
        #expect(await home.run(["write", "text", "old", "--tag", target]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let cases = [
            ("proxmark3/bambu-2D96E03B-mfc1k.json", "it is not formatted for NDEF"),
            ("libnfc-mfd/mfc1k.mfd", "it is not formatted for NDEF"),
            ("flipper-nfc/laundr-mfc1k.nfc", "it is not formatted for NDEF"),
            ("flipper/Slix_cap_default.nfc", "it is not formatted for NDEF"),
            ("flipper/DESFire_NfcFileFormats_example.nfc", "it is not formatted for NDEF"),
        ]
        for (name, why) in cases {
            let refused = await home.run(["copy", Self.dumps + "/" + name, "--tag", target])
            #expect(refused.status == 1, "\(name): \(refused.io.errorOutput)")
            #expect(refused.io.errorOutput.contains("There is nothing to copy from"), "\(name)")
            #expect(refused.io.errorOutput.contains(why), "\(name): \(refused.io.errorOutput)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before, "\(name)")
        }
    }
}

/// Bytes from hex digits (the tests' own helper: `read --json` gives the message as hex).
private func hexBytes(_ hex: String) throws -> [UInt8] {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { throw CocoaError(.coderInvalidValue) }
    return try stride(from: 0, to: digits.count, by: 2).map { index in
        guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
            throw CocoaError(.coderInvalidValue)
        }
        return byte
    }
}
