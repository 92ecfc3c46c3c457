import Foundation
import TapCardCLI
import Testing

/// Issue 24: the three Flipper Zero formats (NTAG/Ultralight, Type 5, FeliCa) read their syntax
/// through one reader, so a broken line gives the same sentence whatever the device type, and the
/// JSON error keeps its `kind` per format and carries the line and the field in its figures.
@Suite struct FlipperFileErrorJSONTests {
    /// `sim show <file> --json` on `text`: the exit status and the `error` object.
    private func error(_ text: String) async throws -> (Int32, [String: Any]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-ff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.nfc").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let io = CheckedIO()
        let status = await CLI.run(["sim", "show", path, "--json"], io: io)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(io.outputText.utf8)) as? [String: Any])
        var error = try #require(object["error"] as? [String: Any])
        var figures = try #require(error["figures"] as? [String: Any])
        #expect(figures["path"] as? String == path)
        figures["path"] = nil
        error["figures"] = figures
        return (status, error)
    }

    @Test(
        "A line that is not 'Key: value' reads the same in every Flipper format, by kind",
        arguments: [
            ("NTAG/Ultralight\nNTAG/Ultralight type: NTAG216", "emulator_error.malformed_file", "flipper_nfc_error"),
            ("SLIX", "emulator_error.malformed_type5_file", "type5_file_error"),
            ("FeliCa", "emulator_error.malformed_feli_ca_file", "feli_ca_file_error"),
        ])
    func malformedLine(deviceType: String, kind: String, figure: String) async throws {
        let text = "Filetype: Flipper NFC device\nDevice type: \(deviceType)\nVersion 4\n"
        let line = deviceType.contains("\n") ? 4 : 3
        let (status, error) = try await self.error(text)
        #expect(status == 65)
        #expect(error["kind"] as? String == kind)
        #expect(error["origin"] as? String == "input")
        var figures = try #require(error["figures"] as? [String: Any])
        // An NTAG/Ultralight file not TapCard's is named a dump (`dump`: true), not a virtual tag.
        if kind == "emulator_error.malformed_file" { #expect(figures.removeValue(forKey: "dump") as? Bool == true) }
        #expect(figures.count == 1)
        #expect(figures[figure] as? String == "Line \(line) is not of the form 'Key: value'.")
    }

    @Test func aHexFieldNamesItsLineAndField() async throws {
        let text = "Filetype: Flipper NFC device\nVersion: 4\nDevice type: SLIX\nUID: E0 04 0G\n"
        let (_, error) = try await self.error(text)
        #expect(error["kind"] as? String == "emulator_error.malformed_type5_file")
        let figures = try #require(error["figures"] as? [String: Any])
        #expect(
            figures["type5_file_error"] as? String
                == "Line 4: 'UID' has a character that is not hex at character 7 of its value.")
    }
}
