import Foundation
import Testing

/// `sim export --flipper` of an NTAG 424 DNA with SDM on (issue 40) wrote the stored file, whose
/// SUN fields are the placeholders `sdm setup` wrote (zeros), while saying "a SUN message is
/// written as the bytes stored, one frozen URL": no verifier accepts that URL. The export keeps
/// the stored bytes (a read would advance the tag's counter) and says so, field by field.
@Suite struct NTAG424FlipperExportTests {
    @Test("The SUN fields are named as the placeholders written, with their bytes; the tag is not read")
    func sunFieldsAreSaidToBePlaceholders() async throws {
        let home = try CLIHome("ntag424-flipper")
        defer { home.remove() }
        let tag = home.path + "/door.nfc"
        #expect(await home.run(["sim", "new", "ntag424", tag, "--uid", "04A1B2C3D4E5F6"]).status == 0)
        let setup = await home.run([
            "ntag424", "sdm", "setup", "--url-template", "https://door.example/?picc_data={picc}&cmac={mac}", "--tag",
            tag,
        ])
        #expect(setup.status == 0, "\(setup.io.errorOutput)")
        let before = try Data(contentsOf: URL(fileURLWithPath: tag))
        let out = home.path + "/door-flipper.nfc"
        let exported = await home.run(["sim", "export", tag, "--flipper", out])
        #expect(exported.status == 0, "\(exported.io.errorOutput)")
        #expect(!exported.io.errorOutput.contains("one frozen URL"), "\(exported.io.errorOutput)")
        #expect(
            exported.io.errorOutput.contains(
                "\(out): the SUN fields are written as the tag's placeholders, as stored, not as a reader would see them: the PICCData (AES) at message bytes 29–60 ('00000000000000000000000000000000'); the MAC at message bytes 67–82 ('0000000000000000')."
            ), "\(exported.io.errorOutput)")
        #expect(exported.io.errorOutput.contains("which no verifier accepts"))
        // Nothing was read: the tag file, its SDM read counter included, is as it was.
        #expect(try Data(contentsOf: URL(fileURLWithPath: tag)) == before)
        // The file holds exactly those bytes: ASCII zeros where the fields are.
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let data = text.split(separator: "\n").filter { $0.hasPrefix("NDEF Data: ") }
            .flatMap { $0.dropFirst("NDEF Data: ".count).split(separator: " ").compactMap { UInt8($0, radix: 16) } }
        #expect(data.count == 83)
        #expect(data[29...60].allSatisfy { $0 == 0x30 } && data[67...82].allSatisfy { $0 == 0x30 })
        #expect(String(decoding: data[5..<29], as: UTF8.self) == "door.example/?picc_data=")
        let json = await home.run(["sim", "export", tag, "--flipper", home.path + "/again.nfc", "--json"])
        let fields = try #require(
            try CLIHome.object(json.io.outputText)["sun_fields_written_as_placeholders"] as? [[String: Any]])
        #expect(fields.map { $0["first_byte"] as? Int } == [29, 67])
        #expect(fields.map { $0["last_byte"] as? Int } == [60, 82])
        #expect(fields.last?["written"] as? String == "0000000000000000")
        // Copying from the exported file asks for the frozen-SUN confirmation: the values are SUN-shaped.
        let target = try await home.newTag("ntag215", "copy.nfc")
        let copied = await home.run(["copy", out, "--tag", target])
        #expect(copied.status == 1)
        #expect(copied.io.errorOutput.contains("holds a SUN URL"), "\(copied.io.errorOutput)")
    }

    @Test("Without SDM: no SUN note, an empty list")
    func withoutSDM() async throws {
        let home = try CLIHome("ntag424-flipper-plain")
        defer { home.remove() }
        let tag = home.path + "/plain.nfc"
        #expect(await home.run(["sim", "new", "ntag424", tag, "--uid", "04A1B2C3D4E5F6"]).status == 0)
        let json = await home.run(["sim", "export", tag, "--flipper", home.path + "/out.nfc", "--json"])
        #expect(json.status == 0, "\(json.io.errorOutput)")
        let fields = try CLIHome.object(json.io.outputText)["sun_fields_written_as_placeholders"] as? [Any]
        #expect(fields?.isEmpty == true)
        let text = await home.run(["sim", "export", tag, "--flipper", home.path + "/out2.nfc"])
        #expect(!text.io.errorOutput.contains("SUN"), "\(text.io.errorOutput)")
    }
}
