import Foundation
import Testing

/// `read`, `info` and `write` on virtual NTAG213s crafted in the states the NFC Forum Type 2
/// mapping distinguishes (issue 39, item 7): no NDEF Message TLV is its own state (exit 0, JSON
/// `no-ndef-message-tlv`), a control TLV of the wrong length is a malformed TLV (exit 1, JSON
/// `malformed`), neither an empty message nor an interrupted write, and `write` does what the
/// read says it does.
@Suite struct TLVAreaStateCLITests {
    /// A factory NTAG213 whose pages 4 and 5 are replaced by `page4` and `page5`.
    func crafted(_ home: CLIHome, page4: String, page5: String) async throws -> String {
        let tag = try await home.newTag("ntag213", "t.nfc")
        var text = try String(contentsOfFile: tag, encoding: .utf8)
        text = text.replacingOccurrences(of: "Page 4: 01 03 A0 0C", with: "Page 4: \(page4)")
        text = text.replacingOccurrences(of: "Page 5: 34 03 00 FE", with: "Page 5: \(page5)")
        try text.write(toFile: tag, atomically: true, encoding: .utf8)
        return tag
    }

    @Test(arguments: [("FE 00 00 00", "00 00 00 00"), ("00 00 00 00", "00 00 00 00")])
    func noNDEFMessageTLV(page4: String, page5: String) async throws {
        let home = try CLIHome("no-ndef-tlv")
        defer { home.remove() }
        let tag = try await crafted(home, page4: page4, page5: page5)
        let read = await home.run(["read", "--tag", tag])
        #expect(read.status == 0, "\(read.io.errorOutput)")
        #expect(read.io.outputText.contains("NDEF: No NDEF Message TLV"), "\(read.io.outputText)")
        #expect(!read.io.outputText.contains("empty message"))
        #expect(read.io.outputText.contains("tapcard write creates the NDEF Message TLV at page 4 byte 0"))
        let json = await home.run(["info", "--tag", tag, "--json"])
        let ndef = try #require(try CLIHome.object(json.io.outputText)["ndef"] as? [String: Any])
        #expect(ndef["state"] as? String == "no-ndef-message-tlv")
        let write = await home.run(["write", "text", "hi", "--tag", tag])
        #expect(write.status == 0, "\(write.io.errorOutput)")
        let after = await home.run(["read", "--tag", tag])
        #expect(after.io.outputText.contains("Text (en, UTF-8): hi"), "\(after.io.outputText)")
    }

    /// Lock Control `01 04 A0 0C 34 00` and Memory Control `02 02 A0 0C`, each before a valid
    /// NDEF TLV.
    @Test(arguments: [
        (
            "01 04 A0 0C", "34 00 03 00",
            "Lock Control TLV (type 01) at page 4 byte 0 (data-area offset 0) has a 4-byte value"
        ),
        (
            "02 02 A0 0C", "03 00 FE 00",
            "Memory Control TLV (type 02) at page 4 byte 0 (data-area offset 0) has a 2-byte value"
        ),
    ])
    func malformedControlTLV(page4: String, page5: String, expected: String) async throws {
        let home = try CLIHome("malformed-control")
        defer { home.remove() }
        let tag = try await crafted(home, page4: page4, page5: page5)
        let read = await home.run(["read", "--tag", tag])
        #expect(read.status == 1)
        #expect(read.io.errorOutput.contains(expected), "\(read.io.errorOutput)")
        #expect(!read.io.errorOutput.contains("holds an interrupted write"))
        #expect(!read.io.errorOutput.contains("rewrite this tag"))
        let json = await home.run(["read", "--tag", tag, "--json"])
        let ndef = try #require(try CLIHome.object(json.io.outputText)["ndef"] as? [String: Any])
        #expect(ndef["state"] as? String == "malformed")
        let info = await home.run(["info", "--tag", tag])
        #expect(info.status == 0)
        #expect(info.io.outputText.contains(expected))
        let write = await home.run(["write", "text", "hi", "--tag", tag])
        #expect(write.status == 0, "\(write.io.errorOutput)")
        let after = await home.run(["read", "--tag", tag])
        #expect(after.status == 0)
        #expect(after.io.outputText.contains("Text (en, UTF-8): hi"), "\(after.io.outputText)")
    }

    /// A factory NTAG216 (888-byte data area) whose data area starts with `bytes`, zeros after.
    func ntag216(_ home: CLIHome, data bytes: [UInt8]) async throws -> String {
        let tag = try await home.newTag("ntag216", "t.nfc")
        var lines = try String(contentsOfFile: tag, encoding: .utf8).components(separatedBy: "\n")
        let padded = bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
        for page in 0..<(padded.count / 4) {
            let prefix = "Page \(page + 4): "
            let index = try #require(lines.firstIndex { $0.hasPrefix(prefix) })
            lines[index] =
                prefix + padded[page * 4..<page * 4 + 4].map { String(format: "%02X", $0) }.joined(separator: " ")
        }
        try lines.joined(separator: "\n").write(toFile: tag, atomically: true, encoding: .utf8)
        return tag
    }

    /// NULL TLVs are padding a reader steps over, however many: an NDEF TLV after hundreds of
    /// them is read and rewritten. One page a round, 64 rounds, read ~320 as an interrupted write
    /// that no write could repair.
    @Test(arguments: [100, 330, 600, 840])
    func manyNULLTLVsBeforeTheMessage(nulls: Int) async throws {
        let home = try CLIHome("null-padding")
        defer { home.remove() }
        let record: [UInt8] = [0xD1, 0x01, 0x05, 0x54, 0x02, 0x65, 0x6E, 0x68, 0x69]
        let tag = try await ntag216(
            home, data: [UInt8](repeating: 0, count: nulls) + [0x03, UInt8(record.count)] + record + [0xFE])
        let read = await home.run(["read", "--tag", tag])
        #expect(read.status == 0, "\(nulls): \(read.io.errorOutput)")
        #expect(read.io.outputText.contains("Text (en, UTF-8): hi"), "\(nulls): \(read.io.outputText)")
        let write = await home.run(["write", "text", "again", "--tag", tag])
        #expect(write.status == 0, "\(nulls): \(write.io.errorOutput)")
        let after = await home.run(["read", "--tag", tag])
        #expect(after.io.outputText.contains("Text (en, UTF-8): again"), "\(nulls): \(after.io.outputText)")
    }

    /// A whole data area of NULL TLVs (the CC's 872 bytes; 888 written): no NDEF Message TLV,
    /// counted, never interrupted.
    @Test func aWholeAreaOfNULLTLVs() async throws {
        let home = try CLIHome("null-area")
        defer { home.remove() }
        let tag = try await ntag216(home, data: [UInt8](repeating: 0, count: 888))
        let read = await home.run(["read", "--tag", tag])
        #expect(read.status == 0, "\(read.io.errorOutput)")
        #expect(read.io.outputText.contains("only NULL TLVs (872 of them)"), "\(read.io.outputText)")
    }
}
