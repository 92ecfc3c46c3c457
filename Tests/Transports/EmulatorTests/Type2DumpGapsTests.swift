import Foundation
import TagCatalog
import TagEmulator
import TapCardSupport
import Testing

/// What a Type 2 dump does not hold (signature, counters, tearing flags, pages not read) is said
/// and kept, never filled in silently; where its header contradicts its memory, the memory wins
/// and the contradiction is said; versions and fields no tool writes are refused (issue 40).
@Suite struct Type2DumpGapsTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func sasquachFlipper() throws -> String {
        try String(
            contentsOf: fixtures.appendingPathComponent("type2-real/real_talking_sasquach_ntag213/source.nfc"),
            encoding: .utf8)
    }

    static func sasquachJSON() throws -> String {
        try String(
            contentsOf: fixtures.appendingPathComponent("dumps/proxmark3/sasquach-ntag213.json"), encoding: .utf8)
    }

    /// The JSON with the `Card` member lines for which `drop` is true removed.
    static func dropping(_ text: String, _ drop: (String) -> Bool) -> String {
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !drop($0) }
        // The member before a closing brace must not end in a comma.
        var lines = kept
        for index in lines.indices.dropFirst()
        where lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("}") && lines[index - 1].hasSuffix(",") {
            lines[index - 1].removeLast()
        }
        return lines.joined(separator: "\n")
    }

    @Test func aProxmark3DumpWithoutSignatureOrCountersSaysSo() throws {
        var text = try Self.sasquachJSON()
        text = Self.dropping(text) { $0.contains("\"Counter") || $0.contains("\"Tearing") }
        text = text.replacingOccurrences(
            of: "77BB86F3B2D663ECE01D0A72C8A509E8DBB334D6A61C1B902F0D2DBB869C7588",
            with: String(repeating: "0", count: 64))
        let dump = try Proxmark3MFU.parse(Array(text.utf8))
        #expect(dump.signature == nil)
        #expect(!dump.countersRead)
        #expect(dump.unknowns.contains { $0.hasPrefix("the originality signature: not read") })
        #expect(dump.unknowns.contains { $0.hasPrefix("the NFC counter (counter 2): not read") })
        let tag = try EmulatedTag(dump: dump)
        #expect(tag.notInDump == [.signature, .counters])
        // The virtual tag file keeps it, and stays a Flipper file.
        let file = VirtualTagFile.encode(tag)
        #expect(file.contains("# Not in the dump this tag was made from (zeros here): Signature, Counters\n"))
        #expect(try VirtualTagFile.decode(file).notInDump == [.signature, .counters])
        #expect(try VirtualTag.dumpNotes(file, path: "t.nfc").count == 2)
        // The dump itself says it when opened.
        #expect(try VirtualTag.dumpNotes(text, path: "p.json").count == 2)
    }

    @Test func theFullProxmark3DumpLacksNothing() throws {
        let dump = try Proxmark3MFU.parse(Array(try Self.sasquachJSON().utf8))
        #expect(dump.unknowns.isEmpty)
        #expect(dump.headerContradictions.isEmpty)
        #expect(try EmulatedTag(dump: dump).notInDump.isEmpty)
    }

    @Test func aFlipperFileWithoutCountersOrWithZeroSignatureSaysSo() throws {
        // The real file (Version 2) has no Counter lines.
        let real = try FlipperNFC.parse(try Self.sasquachFlipper())
        #expect(!real.countersRead)
        #expect(real.signature != nil)
        #expect(real.unknowns == ["the NFC counter (counter 2): not read, 0 here"])
        let zeros = try Self.sasquachFlipper().replacingOccurrences(
            of:
                "Signature: 77 BB 86 F3 B2 D6 63 EC E0 1D 0A 72 C8 A5 09 E8 DB B3 34 D6 A6 1C 1B 90 2F 0D 2D BB 86 9C 75 88",
            with: "Signature: " + Array(repeating: "00", count: 32).joined(separator: " "))
        #expect(try FlipperNFC.parse(zeros).signature == nil)
    }

    @Test func aNewVirtualTagsZeroSignatureIsItsOwn() throws {
        let tag = EmulatedTag(model: .ntag215)
        let decoded = try VirtualTagFile.decode(VirtualTagFile.encode(tag))
        #expect(decoded.notInDump.isEmpty)
        #expect(try VirtualTag.dumpNotes(VirtualTagFile.encode(tag), path: "t.nfc").isEmpty)
        // An Ultralight AES ships with zero keys: TapCard's own file does not call them unknown.
        let aes = EmulatedTag(model: .ultralightAES)
        #expect(try VirtualTag.dumpNotes(VirtualTagFile.encode(aes), path: "t.nfc").isEmpty)
    }

    @Test func aRawImageLacksTheHeader() throws {
        let tag = EmulatedTag(model: .ntag215)
        let dump = try #require(Proxmark3MFU.image(tag.memory, model: .ntag215))
        #expect(dump.signature == nil && !dump.countersRead)
        #expect(dump.pagesRead == 135)
        #expect(dump.unknowns.count == 2, "\(dump.unknowns)")
        #expect(try EmulatedTag(dump: dump).notInDump == [.signature, .counters])
        let ev1 = EmulatedTag(model: .ultralightEV1_48)
        let ev1Dump = try #require(Proxmark3MFU.image(ev1.memory, model: .ultralightEV1_48))
        let made = try EmulatedTag(dump: ev1Dump)
        #expect(made.notInDump == [.signature, .counters, .tearingFlags])
        #expect(made.tearingFlags == [0xBD, 0xBD, 0xBD])
    }

    @Test func pagesReadIsCarriedThroughTheVirtualTag() throws {
        let text = try Self.sasquachFlipper().replacingOccurrences(
            of: "Pages total: 45", with: "Pages total: 45\nPages read: 40")
        let dump = try FlipperNFC.parse(text)
        #expect(dump.pagesRead == 40)
        let tag = try EmulatedTag(dump: dump)
        #expect(tag.pagesRead == 40)
        let file = VirtualTagFile.encode(tag)
        #expect(file.contains("Pages read: 40\n"))
        #expect(try VirtualTagFile.decode(file).pagesRead == 40)
        #expect(FlipperNFC.render(FlipperDump(tag: tag)).contains("Pages read: 40\n"))
        // The unread pages still answer with the file's bytes.
        #expect(tag.memory == dump.memory)
    }

    @Test(arguments: [
        ("Version: 2", "Version: 1", "'Version: 1'"), ("Version: 2", "Version: 5", "'Version: 5'"),
        ("Pages total: 45", "Pages total: 45\nPages read: 46", "Pages read is 46, more than Pages total (45)"),
        ("Pages total: 45", "Data format version: 9\nPages total: 45", "Data format version is 9"),
    ])
    func refusesVersionsAndCountsNoFlipperWrites(old: String, new: String, words: String) throws {
        let text = try Self.sasquachFlipper().replacingOccurrences(of: old, with: new)
        do {
            _ = try FlipperNFC.parse(text)
            Issue.record("\(new) was accepted")
        } catch {
            #expect(error.sentence.contains(words), "\(error.sentence)")
            #expect(error.line > 0)
        }
    }

    @Test(arguments: ["\"zz\"", "\"000000\"", "\"0\""])
    func refusesATBOThatIsNotTheClientsHex(value: String) throws {
        let text = try Self.sasquachJSON().replacingOccurrences(of: "\"TBO_0\": \"0000\"", with: "\"TBO_0\": \(value)")
        #expect(
            throws: Proxmark3DumpError.badHexField(
                "Card.TBO_0", expectedBytes: [2], found: String(value.dropFirst().dropLast()))
        ) {
            try Proxmark3MFU.parse(Array(text.utf8))
        }
    }

    @Test func theMemoryWinsOverAHeaderNamingAnotherChip() throws {
        // Proxmark3 JSON: Version names an NTAG215; the 45 pages are an NTAG213's.
        let json = try Self.sasquachJSON().replacingOccurrences(
            of: "\"Version\": \"0004040201000F03\"", with: "\"Version\": \"0004040201001103\"")
        let dump = try Proxmark3MFU.parse(Array(json.utf8))
        #expect(dump.model == .ntag213)
        #expect(dump.headerContradictions.count == 1)
        #expect(dump.headerContradictions.first?.contains("names an NTAG215") == true)
        // Flipper: Mifare version, SAK and ATQA that are not the NTAG213's.
        let flipper = try Self.sasquachFlipper()
            .replacingOccurrences(
                of: "Mifare version: 00 04 04 02 01 00 0F 03", with: "Mifare version: 00 04 04 02 01 00 13 03"
            )
            .replacingOccurrences(of: "SAK: 00", with: "SAK: 08")
            .replacingOccurrences(of: "ATQA: 44 00", with: "ATQA: 04 00")
        let contradictions = try FlipperNFC.parse(flipper).headerContradictions
        #expect(contradictions.count == 3, "\(contradictions)")
        #expect(contradictions.contains { $0.contains("names an NTAG216") })
        #expect(contradictions.contains { $0.hasPrefix("the header's SAK 08") })
        #expect(contradictions.contains { $0.hasPrefix("the header's ATQA 00 04") })
        #expect(try FlipperNFC.parse(Self.sasquachFlipper()).headerContradictions.isEmpty)
        // A Proxmark3 .bin whose header's GET_VERSION is an NTAG215's, given as --model ntag213.
        let tag = EmulatedTag(model: .ntag213)
        let header = [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x11, 0x03] + [UInt8](repeating: 0, count: 48)
        let bin = try #require(Proxmark3MFU.image(header + tag.memory, model: .ntag213))
        #expect(bin.headerContradictions.first?.contains("names an NTAG215") == true)
    }

    @Test func errorsNameTheFileAndCallADumpADump() throws {
        // A page count no chip has, after a GET_VERSION naming one: the error names the file.
        let json = Self.dropping(try Self.sasquachJSON()) { $0.hasPrefix("    \"44\"") }
        do {
            _ = try VirtualTag.decode(json, path: "short.json")
            Issue.record("44 pages were accepted")
        } catch {
            #expect(error.sentence.hasPrefix("short.json"), "\(error.sentence)")
        }
        let broken = try Self.sasquachFlipper().replacingOccurrences(of: "Version: 2", with: "Version: 9")
        do {
            _ = try VirtualTag.decode(broken, path: "their.nfc")
            Issue.record("Version 9 was accepted")
        } catch {
            #expect(error.sentence.hasPrefix("their.nfc is not a readable Flipper Zero NTAG/Ultralight dump"))
        }
        let own = VirtualTagFile.encode(EmulatedTag(model: .ntag213)).replacingOccurrences(
            of: "Version: 4", with: "Version: 9")
        do {
            _ = try VirtualTag.decode(own, path: "mine.nfc")
            Issue.record("Version 9 was accepted")
        } catch {
            #expect(error.sentence.hasPrefix("mine.nfc is not a readable virtual tag"))
        }
    }
}
