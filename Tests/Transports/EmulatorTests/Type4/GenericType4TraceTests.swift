import TagCatalog
import TagEmulator
import TagFrames
import Testing

/// The generic T4T replays the traces of shared/reference/type4-type5-ntag424.md §1.5, byte for
/// byte (the ISO-DEP PCB byte left out): nfcpy's read and wipe traces (V-T4T-1) and an iPhone's
/// probing (V-T4T-4).
@Suite struct GenericType4TraceTests {
    /// NLEN 000E, then the URI record "http://nfcpy.org" of nfcpy's test (D1 01 0A 55 03 "nfcpy.org").
    static let nfcpyNDEF = bytes("000E D1010A55036E666370792E6F7267")

    @Test func nfcpyReadTrace() async throws {
        let tag = EmulatedType4Tag(model: .genericType4, contents: [0xE104: Self.nfcpyNDEF])
        let trace: [(String, String)] = [
            ("00A4040007D276000085010100", "9000"),
            ("00A4000C02E103", "9000"),
            ("00B0000002", "000F 9000"),
            ("00B000020D", "20 003B 0034 04 06 E104 0800 00 00 9000"),
            ("00A4000C02E104", "9000"),
            ("00B0000002", "000E 9000"),
            ("00B000020E", "D1010A55036E666370792E6F7267 9000"),
        ]
        for (command, response) in trace {
            #expect(try await tag.exchange(command) == bytes(response), "\(command)")
        }
    }

    @Test func nfcpyWipeTrace() async throws {
        // The wipe test's CC: the same but a maximum NDEF size of 0040.
        let cc = bytes("000F 20 003B 0034 04 06 E104 0040 00 00")
        let tag = EmulatedType4Tag(model: .genericType4, contents: [0xE103: cc, 0xE104: Self.nfcpyNDEF])
        let setup = ["00A4040007D276000085010100", "00A4000C02E103", "00B0000002", "00B000020D", "00A4000C02E104"]
        for command in setup { _ = try await tag.exchange(command) }
        let a9 = { (count: Int) in String(repeating: "A9", count: count) }
        #expect(try await tag.exchange("00D60000020000") == bytes("9000"))
        #expect(try await tag.exchange("00D6000234" + a9(52)) == bytes("9000"))
        #expect(try await tag.exchange("00D6003608" + a9(8)) == bytes("9000"))
        let file = try #require(tag.contents(ofFile: 0xE104))
        #expect(Array(file[0..<2]) == [0x00, 0x00])
        #expect(Array(file[2..<62]) == [UInt8](repeating: 0xA9, count: 60))
        #expect(file[62...].allSatisfy { $0 == 0 })
    }

    @Test func iPhoneProbeSequenceCarriesOn() async throws {
        let tag = EmulatedType4Tag(model: .genericType4, contents: [0xE104: Self.nfcpyNDEF])
        #expect(try await tag.exchange("00A4040007D276000085010100") == bytes("9000"))
        #expect(try await tag.exchange("00A4040007D276000085010100") == bytes("9000"))
        // GetVersion: a plain T4T does not know CLA 90.
        #expect(try await tag.exchange("9060000000") == bytes("6E00"))
        // A foreign AID: not found, and the NDEF application stays selected.
        let foreign = "00A4040010" + "A000000396564341" + String(repeating: "FF", count: 8) + "00"
        #expect(try await tag.exchange(foreign) == bytes("6A82"))
        #expect(tag.isApplicationSelected)
        #expect(try await tag.exchange("00A4000C02E103") == bytes("9000"))
        #expect(try await tag.exchange("00B000000F") == bytes("000F 20 003B 0034 04 06 E104 0800 00 00 9000"))
        #expect(try await tag.exchange("00A4000C02E104") == bytes("9000"))
        #expect(try await tag.exchange("00B0000002") == bytes("000E 9000"))
    }

    @Test func selectVariants() async throws {
        let tag = EmulatedType4Tag(model: .genericType4)
        // SELECT EF before the application: not found.
        #expect(try await tag.exchange("00A4000C02E103") == bytes("6A82"))
        // Without Le, and with P2 00.
        #expect(try await tag.exchange("00A4040007D2760000850101") == bytes("9000"))
        #expect(try await tag.exchange("00A4000002E103") == bytes("9000"))
        #expect(try await tag.exchange("00A4000C02E105") == bytes("6A82"))
        #expect(try await tag.exchange("00A4000402E103") == bytes("6A86"))
    }

    @Test func statusWordsOfTheISOCommands() async throws {
        let tag = EmulatedType4Tag(model: .genericType4)
        // READ BINARY with no current file.
        #expect(try await tag.exchange("00B0000002") == bytes("6986"))
        _ = try await tag.exchange("00A4040007D276000085010100")
        _ = try await tag.exchange("00A4000C02E103")
        // The CC is read-only.
        #expect(try await tag.exchange("00D6000001FF") == bytes("6982"))
        // 15 bytes from offset 13 of the 15-byte CC: the two there, and 62 82.
        #expect(try await tag.exchange("00B0000D0F") == bytes("0000 6282"))
        // At and beyond the end of the file.
        #expect(try await tag.exchange("00B0000F01") == bytes("6B00"))
        _ = try await tag.exchange("00A4000C02E104")
        // UPDATE BINARY beyond the 2048-byte file, and running past its end.
        #expect(try await tag.exchange("00D6080001AA") == bytes("6B00"))
        #expect(try await tag.exchange("00D607FF02AAAA") == bytes("6A84"))
        // More than MLc (52) bytes in one UPDATE BINARY.
        #expect(try await tag.exchange("00D6000035" + String(repeating: "00", count: 53)) == bytes("6700"))
        // An extended Le (the CC's MLe 59 and MLc 52 never invite it).
        #expect(try await tag.exchange("00B00000000200") == bytes("6700"))
        #expect(try await tag.exchange("00CA000000") == bytes("6D00"))
        #expect(try await tag.exchange("80B0000002") == bytes("6E00"))
    }

    @Test func ccWriteAccessFFMakesTheNDEFFileReadOnly() async throws {
        let cc = bytes("000F 20 003B 0034 04 06 E104 0800 00 FF")
        let tag = EmulatedType4Tag(model: .genericType4, contents: [0xE103: cc])
        _ = try await tag.exchange("00A4040007D276000085010100")
        _ = try await tag.exchange("00A4000C02E104")
        #expect(try await tag.exchange("00D60000020005") == bytes("6982"))
        #expect(try await tag.exchange("00B0000002") == bytes("0000 9000"))
    }
}
