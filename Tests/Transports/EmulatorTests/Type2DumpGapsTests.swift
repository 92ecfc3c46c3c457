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

    // MARK: Issue 40, second pass

    /// The real Ultralight EV1 file as TapCard exports it (Version 4, counters and tearing flags
    /// written, the comment naming them not read), with `edit` applied.
    static func ev1Export(_ edit: (String) -> String) throws -> String {
        let source = try String(
            contentsOf: fixtures.appendingPathComponent("type2-real/real_dave_busters_ul_ev1_unformatted/source.nfc"),
            encoding: .utf8)
        return edit(FlipperNFC.render(FlipperDump(tag: try EmulatedTag(dump: try FlipperNFC.parse(source)))))
    }

    @Test func oneMissingCounterLineIsTheOnlyOneNotRead() throws {
        let text = try Self.ev1Export {
            $0.replacingOccurrences(of: "Counter 0: 0\n", with: "Counter 0: 5\n")
                .replacingOccurrences(of: "Counter 1: 0\n", with: "")
                .replacingOccurrences(of: "Counter 2: 0\n", with: "Counter 2: 77\n")
        }
        let dump = try FlipperNFC.parse(text)
        #expect(dump.unreadCounters == [1])
        #expect(dump.counters == [5, 0, 77])
        #expect(dump.unknowns.contains("counter 1: not read, 0 here"), "\(dump.unknowns)")
        #expect(!dump.unknowns.contains { $0.hasPrefix("counters 0–2") })
        let tag = try EmulatedTag(dump: dump)
        #expect(tag.counters == [5, 0, 77])
        #expect(tag.countersNotInDump == [1])
        let file = VirtualTagFile.encode(tag)
        #expect(file.contains("(zeros here): Counter 1\n"), "\(file)")
        let back = try VirtualTagFile.decode(file)
        #expect(back.counters == [5, 0, 77])
        #expect(back.countersNotInDump == [1])
        #expect(DumpGapComment.names(FlipperDump(tag: back)) == ["Counter 1"])
    }

    @Test func oneMissingTearingLineIsTheOnlyOneNotRead() throws {
        let text = try Self.ev1Export {
            $0.replacingOccurrences(of: "Tearing 0: BD\n", with: "Tearing 0: 01\n")
                .replacingOccurrences(of: "Tearing 2: BD\n", with: "")
        }
        let dump = try FlipperNFC.parse(text)
        #expect(dump.unreadTearingFlags == [2])
        #expect(dump.unknowns.contains("the tearing flag of counter 2: not read, BD (no tearing event) here"))
        let tag = try EmulatedTag(dump: dump)
        #expect(tag.tearingFlags == [0x01, 0xBD, 0xBD])
        #expect(tag.tearingFlagsNotInDump == [2])
        #expect(try VirtualTagFile.decode(VirtualTagFile.encode(tag)).tearingFlagsNotInDump == [2])
    }

    @Test func aForeignFilesGapCommentDoesNotThrowAwayItsValues() throws {
        let signature = Array(repeating: "5A", count: 32).joined(separator: " ")
        // Another tool's file: the comment is not TapCard's word, the Signature line is the value.
        let foreign = try Self.ev1Export {
            $0.replacingOccurrences(
                of: "Version: 4\n",
                with: "Version: 4\n# Not in the dump this tag was made from (zeros here): Signature\n"
            )
            .replacingOccurrences(
                of:
                    "Signature: 68 D1 8E 8A 85 F1 B7 FC 1C 07 9C 9F 8B 9F 4E 6B B7 7C 23 48 E0 69 6C 89 35 53 0F BC D8 00 27 3B",
                with: "Signature: " + signature)
        }
        #expect(!VirtualTagFile.isOwn(foreign))
        let dump = try FlipperNFC.parse(foreign)
        #expect(dump.signature == [UInt8](repeating: 0x5A, count: 32))
        #expect(!dump.unknowns.contains { $0.hasPrefix("the originality signature") })
        // TapCard's own file: the comment stands where the field holds zeros, not over a value.
        let tag = try EmulatedTag(dump: try Proxmark3MFU.parse(Array(try Self.sasquachJSON().utf8)))
        tag.notInDump = [.signature]
        tag.signature = [UInt8](repeating: 0, count: 32)
        let own = VirtualTagFile.encode(tag)
        #expect(own.contains("(zeros here): Signature\n"))
        #expect(try VirtualTagFile.decode(own).notInDump == [.signature])
        let edited = own.replacingOccurrences(
            of: "Signature: " + Array(repeating: "00", count: 32).joined(separator: " "),
            with: "Signature: " + signature)
        #expect(try VirtualTagFile.decode(edited).notInDump.isEmpty)
        #expect(try VirtualTagFile.decode(edited).signature == [UInt8](repeating: 0x5A, count: 32))
    }

    @Test func aProxmark3CounterOrTearingOfNAIsNotRead() throws {
        let text = try Self.sasquachJSON().replacingOccurrences(
            of: "\"Counter2\": \"000000\"", with: "\"Counter2\": \"N/A\""
        )
        .replacingOccurrences(of: "\"Tearing1\": \"00\"", with: "\"Tearing1\": \"N/A\"")
        let dump = try Proxmark3MFU.parse(Array(text.utf8))
        #expect(dump.unreadCounters == [2])
        #expect(dump.unknowns == ["the NFC counter (counter 2): not read, 0 here"])
        // Another word than N/A is still not a counter.
        let bad = try Self.sasquachJSON().replacingOccurrences(
            of: "\"Counter1\": \"000000\"", with: "\"Counter1\": \"none\"")
        #expect(throws: Proxmark3DumpError.self) { try Proxmark3MFU.parse(Array(bad.utf8)) }
    }

    @Test func aTypeLineOfAnotherSizeIsAContradictionWhenTheMemoryNamesOneChip() throws {
        let named = try Self.sasquachFlipper().replacingOccurrences(
            of: "Device type: NTAG213", with: "Device type: NTAG215")
        let dump = try FlipperNFC.parse(named)
        #expect(dump.model == .ntag213)
        #expect(
            dump.headerContradictions.contains {
                $0.hasPrefix("the header's type NTAG215 names an NTAG215 (135 pages), but the dump's 45 pages")
            }, "\(dump.headerContradictions)")
        #expect(try EmulatedTag(dump: dump).model == .ntag213)
        // GET_VERSION naming an NTAG216 fits no chip of 45 pages: refused, naming the line.
        let none = named.replacingOccurrences(
            of: "Mifare version: 00 04 04 02 01 00 0F 03", with: "Mifare version: 00 04 04 02 01 00 13 03")
        #expect(throws: FlipperNFCError.self) { try FlipperNFC.parse(none) }
        do {
            _ = try FlipperNFC.parse(none)
        } catch {
            #expect(error.line == 3)
            #expect(error.sentence.contains("names an NTAG216 (231 pages)"), "\(error.sentence)")
        }
        #expect(
            EmulatorError.imageSize(bytes: 180, expected: 540, model: .ntag215).sentence.contains("; an NTAG215 has"))
    }
}
