import Foundation
import TagCatalog
import TagEmulator
import Testing

/// The Momentum / Unleashed firmwares' `Type 4 Tag` and `NTAG4xx` files: what they carry makes a
/// tag, what they do not is said, and a broken file is refused with its line.
@Suite struct FlipperType4FileTests {
    static let uid: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    /// One URI record, https://tapcard.example/t4 (D1 01 13 55 04 …): 23 bytes, two NDEF Data lines.
    static let message: [UInt8] = [0xD1, 0x01, 0x13, 0x55, 0x04] + Array("tapcard.example/t4xx".utf8).prefix(18)

    /// A file as the firmware lays it out (the ISO 14443-4A part in its later, split form).
    static func file(message: [UInt8] = message, sak: String = "20", ats: [String]? = nil) -> String {
        var lines = [
            "Filetype: Flipper NFC device", "Version: 4", "Device type: Type 4 Tag", "UID: 04 11 22 33 44 55 66",
            "ATQA: 03 44", "SAK: \(sak)",
        ]
        lines += ats ?? ["T0: 75", "TA(1): 77", "TB(1): 71", "TC(1): 02", "T1...Tk: 80"]
        lines.append("NDEF Data Size: \(message.count)")
        for start in stride(from: 0, to: message.count, by: 16) {
            let chunk = message[start..<min(message.count, start + 16)]
            lines.append("NDEF Data: " + chunk.map { String(format: "%02X", $0) }.joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aType4TagFileMakesAGenericTagHoldingItsMessage() throws {
        let dump = try FlipperType4File.parse(Self.file())
        #expect(dump.kind == .type4Tag && dump.uid == Self.uid && dump.sak == 0x20)
        #expect(dump.ats == [0x06, 0x75, 0x77, 0x71, 0x02, 0x80])
        #expect(dump.ndefMessage == Self.message)
        let (tag, notes) = try FlipperType4File.decode(Self.file(), path: "t.nfc")
        #expect(tag.model == .genericType4 && tag.uid == Self.uid)
        let ndef = try #require(tag.contents(ofFile: 0xE104))
        // NLEN (big-endian), the message, then zeros the file does not carry.
        #expect(Array(ndef.prefix(2 + Self.message.count)) == [0x00, UInt8(Self.message.count)] + Self.message)
        #expect(ndef.dropFirst(2 + Self.message.count).allSatisfy { $0 == 0 })
        // The CC is never in the file; the NDEF file past the message neither. The ATS is the tag's own.
        #expect(notes.count == 2)
        #expect(notes[0].contains("Capability Container"))
        #expect(notes[1].contains("bytes \(2 + Self.message.count)–2047"))
    }

    @Test func theOlderOneLineATSReadsTheSame() throws {
        let old = try FlipperType4File.parse(Self.file(ats: ["ATS: 06 75 77 71 02 80"]))
        #expect(old == (try FlipperType4File.parse(Self.file())))
        let none = try FlipperType4File.parse(Self.file(ats: []))
        #expect(none.ats == nil)
    }

    @Test func headerFactsTheTagDoesNotKeepOrThatContradictAreSaid() throws {
        let (_, notes) = try FlipperType4File.decode(
            Self.file(sak: "08", ats: ["T0: 28", "TB(1): 81", "T1...Tk: 80 31"]), path: "t.nfc")
        #expect(notes.contains { $0.contains("ATS 05 28 81 80 31 is not kept") })
        #expect(notes.contains { $0.contains("SAK 08 are not kept") })
        #expect(notes.contains { $0.contains("contradicts the device type: SAK 08") })
    }

    @Test func anEmptyNDEFFileIsAnEmptyMessage() throws {
        let (tag, _) = try FlipperType4File.decode(Self.file(message: []), path: "t.nfc")
        #expect(tag.contents(ofFile: 0xE104)?.prefix(2) == [0x00, 0x00])
    }

    /// export → import keeps every byte the format carries (UID, message), and a file in the
    /// firmware's layout comes back line for line.
    @Test func roundTrips() throws {
        for message in [[], Self.message, [UInt8](repeating: 0xA5, count: 2046), [0x01]] {
            let (tag, _) = try FlipperType4File.decode(Self.file(message: message), path: "t.nfc")
            let (text, dropped) = try FlipperType4File.render(tag)
            let again = try FlipperType4File.parse(text)
            #expect(again.ndefMessage == message && again.uid == Self.uid)
            #expect(dropped.first?.contains("CC") == true)
            let (tagAgain, _) = try FlipperType4File.decode(text, path: "t.nfc")
            #expect(tagAgain.memory == tag.memory)
            #expect(try FlipperType4File.render(tagAgain).text == text)
        }
        // The firmware's own layout, comments aside, is what render writes.
        let rendered = try FlipperType4File.render(try FlipperType4File.decode(Self.file(), path: "t.nfc").0).text
        let lines = rendered.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n") + "\n"
        #expect(lines == Self.file())
    }

    @Test func anNTAG424DNAExportsItsMessageSayingWhatItDrops() throws {
        let tag = EmulatedType4Tag(
            model: .ntag424DNA, uid: Self.uid, contents: [0xE104: [0x00, 0x03, 0xD0, 0x00, 0x00]])
        let (text, dropped) = try FlipperType4File.render(tag)
        #expect(try FlipperType4File.parse(text).ndefMessage == [0xD0, 0x00, 0x00])
        #expect(dropped.contains { $0.contains("5 application keys") })
        #expect(dropped.contains { $0.contains("SDM settings") })
        // A DESFire has no NDEF file E104 of its own: its format is another.
        let desfire = try EmulatedType4Tag(model: .desfireEV3_4K, uid: Self.uid, picc: .factory)
        #expect(throws: EmulatorError.self) { try FlipperType4File.render(desfire) }
    }

    @Test func anNTAG4xxFileIsRefusedNamingWhatItLacks() throws {
        let version =
            "04 04 02 30 00 11 05 04 04 02 01 02 11 05 04 11 22 33 44 55 66 CD 65 94 51 10 39 18 00"
        let text = """
            Filetype: Flipper NFC device
            Version: 4
            Device type: NTAG4xx
            UID: 04 11 22 33 44 55 66
            ATQA: 03 44
            SAK: 20
            T0: 77
            TA(1): 77
            TB(1): 71
            TC(1): 02
            T1...Tk: 80
            PICC Version: \(version)

            """
        let dump = try FlipperType4File.parse(text)
        #expect(dump.kind == .ntag4xx && dump.piccVersion?.count == 29 && dump.ndefMessage == nil)
        #expect(
            throws: EmulatorError.malformedFlipperType4File(
                path: "n.nfc", .versionOnly(chip: "NTAG424 DNA", uid: Self.uid, line: 0))
        ) { try FlipperType4File.decode(text, path: "n.nfc") }
        let notNTAG = text.replacingOccurrences(of: "PICC Version: 04 04", with: "PICC Version: 04 01")
        #expect(throws: FlipperType4FileError.self) {
            try FlipperType4File.parse(notNTAG)
        }
        let short = text.replacingOccurrences(of: " 18 00", with: " 18")
        #expect(throws: FlipperType4FileError.self) { try FlipperType4File.parse(short) }
    }

    @Test func malformedFilesAreRefusedWithTheirLine() throws {
        let file = Self.file()
        // The size says more than the lines hold: the file was cut.
        let cut = file.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2).joined(separator: "\n")
        #expect(throws: FlipperType4FileError.ndefSize(declared: 23, found: 16, line: 12)) {
            try FlipperType4File.parse(cut)
        }
        // A line of the wrong length (the firmware reads 16 a line).
        let long = file.replacingOccurrences(of: "NDEF Data: 6D", with: "NDEF Data: 00 6D")
        #expect(throws: FlipperType4FileError.ndefLine(bytes: 8, expected: 7, line: 14)) {
            try FlipperType4File.parse(long)
        }
        let extra = file + "NDEF Data: 00\n"
        #expect(throws: FlipperType4FileError.ndefSize(declared: 23, found: 24, line: 15)) {
            try FlipperType4File.parse(extra)
        }
        // T0 announces TA(1), which is gone.
        let noTA = file.replacingOccurrences(of: "TA(1): 77\n", with: "")
        #expect(throws: FlipperType4FileError.syntax(.missingField("TA(1)"))) { try FlipperType4File.parse(noTA) }
        // A message the generic tag's 2048-byte NDEF file cannot hold.
        #expect(
            throws: EmulatorError.malformedFlipperType4File(
                path: "b.nfc", .messageTooLarge(bytes: 2047, capacity: 2046))
        ) {
            try FlipperType4File.decode(Self.file(message: [UInt8](repeating: 1, count: 2047)), path: "b.nfc")
        }
        // A 4-byte UID: TapCard's Type 4 tags have 7.
        let fourByte = file.replacingOccurrences(of: "UID: 04 11 22 33 44 55 66", with: "UID: 08 11 22 33")
        #expect(throws: EmulatorError.self) { try FlipperType4File.decode(fourByte, path: "u.nfc") }
    }

    /// Every prefix of a file gives a dump or an error, never a crash.
    @Test func everyPrefixIsADumpOrAnError() {
        let bytes = Array(Self.file().utf8)
        var refused = 0
        for end in 0...bytes.count {
            do {
                _ = try FlipperType4File.parse(String(decoding: bytes[0..<end], as: UTF8.self))
            } catch {
                refused += 1
            }
        }
        // Only the whole file, and the whole file less its last newline, parse.
        #expect(refused == bytes.count - 1)
    }
}
