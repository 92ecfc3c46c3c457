import TagCatalog
import TagEmulator
import TapCardSupport
import TestSupport
import Testing

@Suite struct FlipperNFCTests {
    @Test func everyFixtureIsPresent() {
        #expect(Fixtures.names.count == 6)
    }

    @Test(arguments: Fixtures.names)
    func fixtureParsesAndItsPagesEqualDumpBin(name: String) throws {
        let dump = try FlipperNFC.parse(try Fixtures.text(name, "source.nfc"))
        #expect(dump.memory == (try Fixtures.bytes(name, "dump.bin")))
        let expected = try Fixtures.expected(name)
        #expect(dump.pages.count == expected["total_pages"] as? Int)
        if let signature = expected["flipper_signature"] as? String {
            #expect(dump.signature == (try Hex.decode(signature)))
        }
        if let header = expected["flipper_header_uid"] as? String {
            #expect(dump.uid == (try Hex.decode(header)))
        }
    }

    @Test func fixtureModelsAreIdentified() throws {
        let expected: [String: TagModel] = [
            "real_dave_busters_ul_ev1_unformatted": .ultralightEV1_48,
            "real_go2flipper_ntag216_cc12": .ntag216,
            "real_guidoz_uri_with_nuls": .ntag216,
            "real_rickroll_noad_ntag215": .ntag215,
            "real_rickroll_ntag216_cc213": .ntag216,
            "real_talking_sasquach_ntag213": .ntag213,
        ]
        for name in Fixtures.names {
            let dump = try FlipperNFC.parse(try Fixtures.text(name, "source.nfc"))
            #expect(dump.model == expected[name], "\(name)")
            // Version 2 files store the ATQA least significant byte first ("44 00").
            #expect(dump.atqa == [0x00, 0x44])
        }
    }

    @Test(arguments: Fixtures.names)
    func renderThenParseRoundTrips(name: String) throws {
        let dump = try FlipperNFC.parse(try Fixtures.text(name, "source.nfc"))
        // As TapCard's own file: only there is the comment naming what the dump lacked honoured.
        let text = FlipperNFC.render(dump, comment: [VirtualTagFile.comment])
        var reparsed = try FlipperNFC.parse(text)
        #expect(reparsed.formatVersion == 4)
        reparsed.formatVersion = dump.formatVersion
        #expect(reparsed == dump)
        // And rendering is stable.
        #expect(FlipperNFC.render(reparsed, comment: [VirtualTagFile.comment]) == text)
    }

    @Test(arguments: Fixtures.names)
    func fixtureLoadsIntoTheEmulatorAndReadsBackOverTheAir(name: String) async throws {
        let dump = try FlipperNFC.parse(try Fixtures.text(name, "source.nfc"))
        let tag = try EmulatedTag(dump: dump)
        let lastPage = UInt8(dump.pages.count - 1)
        let all = try await tag.transceive([0x3A, 0x00, lastPage])
        let layout = try #require(tag.model.type2Layout)
        // Everything but PWD and PACK reads back as recorded.
        let visible = (layout.configPage.map { $0 + 2 } ?? layout.totalPages) * 4
        #expect(Array(all[0..<visible]) == Array(dump.memory[0..<visible]))
        #expect(try await tag.transceive([0x3C, 0x00]) == dump.signature)
    }

    @Test func emulatedTagRoundTripsThroughAFlipperFile() throws {
        let tag = EmulatedTag(model: .ntag215, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
        tag.signature = (0..<32).map { UInt8($0 * 7 & 0xFF) }
        tag.counters[0] = 42
        tag.failedAuthentications = 2
        tag.memory[40] = 0x77
        let text = VirtualTagFile.encode(tag)
        #expect(text.contains("NTAG/Ultralight type: NTAG215"))
        #expect(text.contains("Counter 2: 42"))
        let back = try VirtualTagFile.decode(text)
        #expect(back.model == .ntag215)
        #expect(back.memory == tag.memory)
        #expect(back.signature == tag.signature)
        #expect(back.counters == [42])
        #expect(back.failedAuthentications == 2)
    }

    @Test func everyEmulatedModelRoundTrips() throws {
        for model in EmulatedTag.supportedModels {
            let tag = EmulatedTag(model: model, uid: [0x04, 1, 2, 3, 4, 5, 6])
            let back = try VirtualTagFile.decode(VirtualTagFile.encode(tag))
            #expect(back.model == model, "\(model)")
            #expect(back.memory == tag.memory)
        }
    }

    // MARK: Errors, with line numbers

    static let minimal = """
        Filetype: Flipper NFC device
        Version: 4
        Device type: NTAG/Ultralight
        UID: 04 01 02 03 04 05 06
        NTAG/Ultralight type: Mifare Ultralight
        Pages total: 2
        Page 0: 04 01 02 8F
        Page 1: 03 04 05 06
        """

    @Test func minimalFileParses() throws {
        let dump = try FlipperNFC.parse(Self.minimal)
        #expect(dump.pages.count == 2)
        #expect(dump.model == nil)  // 2 pages and no GET_VERSION bytes: no known model
    }

    @Test func errorsNameTheirLine() {
        func error(_ text: String) -> FlipperNFCError? {
            do {
                _ = try FlipperNFC.parse(text)
                return nil
            } catch {
                return error
            }
        }
        func replacing(_ old: String, _ new: String) -> String { Self.minimal.replacingOccurrences(of: old, with: new) }
        #expect(error("") == .syntax(.notFlipperNFC(line: 1)))
        #expect(error("# comment\nFiletype: Something else") == .syntax(.notFlipperNFC(line: 2)))
        #expect(error(replacing("Version: 4", "Version 4")) == .syntax(.malformedLine(line: 2)))
        #expect(
            error(replacing("Page 1: 03 04 05 06", "Page 1: 03 04 0G 06"))
                == .syntax(.invalidHex(field: "Page 1", line: 8, offset: 7)))
        #expect(
            error(replacing("Page 1: 03 04 05 06", "Page 1: 03 04 05"))
                == .syntax(.wrongLength(field: "Page 1", bytes: 3, expected: [4], line: 8)))
        #expect(error(replacing("Page 1:", "Page 2:")) == .pageOutOfOrder(page: 2, expected: 1, line: 8))
        #expect(error(replacing("Pages total: 2", "Pages total: 3")) == .pageCountMismatch(found: 2, declared: 3))
        #expect(
            error(replacing("Pages total: 2", "Pages total: 99999999999999999999"))
                == .syntax(.invalidNumber(field: "Pages total", line: 6)))
        #expect(
            error(replacing("Pages total: 2", "Pages total: -2"))
                == .syntax(.invalidNumber(field: "Pages total", line: 6)))
        #expect(
            error(replacing("UID: 04 01 02 03 04 05 06", "UID: 04 01"))
                == .syntax(.wrongLength(field: "UID", bytes: 2, expected: [4, 7, 10], line: 4)))
        #expect(
            error(replacing("Device type: NTAG/Ultralight", "Device type: Mifare Classic"))
                == .unsupportedDeviceType("Mifare Classic", line: 3))
        #expect(
            error(replacing("Version: 4\n", "Version: 4\nVersion: 4\n")) == .syntax(.duplicateField("Version", line: 3))
        )
        #expect(error(replacing("Pages total: 2\n", "")) == .syntax(.missingField("Pages total")))
        #expect(error(replacing("UID: 04 01 02 03 04 05 06\n", "")) == .syntax(.missingField("UID")))
        for case let failure? in [error(""), error(replacing("Page 1:", "Page 2:"))] {
            #expect(!failure.sentence.isEmpty)
            #expect(failure.origin == .input)
        }
    }

    @Test func windowsLineEndingsAndCommentsAreAccepted() throws {
        let text = "# exported\r\n" + Self.minimal.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
        #expect(try FlipperNFC.parse(text).pages.count == 2)
    }

    /// Any text gives a dump or a typed error: mutate a real file at random and parse it.
    @Test func parserIsTotalOnMutatedInput() throws {
        let source = Array(try Fixtures.text("real_talking_sasquach_ntag213", "source.nfc").utf8)
        var generator = SplitMix64(seed: 0x7A9C_0A4D)
        let alphabet = Array("0123456789ABCDEF :\n#Page-x\r\u{0}é".utf8)
        var parsed = 0
        var refused = 0
        for _ in 0..<2_000 {
            var bytes = source
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)], at: index)
                }
                if bytes.isEmpty { bytes = [0x0A] }
            }
            do {
                _ = try FlipperNFC.parse(String(decoding: bytes, as: UTF8.self))
                parsed += 1
            } catch {
                #expect(!error.sentence.isEmpty)
                refused += 1
            }
        }
        #expect(parsed + refused == 2_000)
        #expect(refused > 0)
    }
}
