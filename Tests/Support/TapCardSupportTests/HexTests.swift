import TapCardSupport
import Testing

@Suite("Hex")
struct HexTests {
    @Test("Encodes lowercase by default, uppercase and separators on request")
    func encoding() {
        #expect(Hex.encode([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
        #expect(Hex.encode([0xD1, 0x01], uppercase: true, separator: " ") == "D1 01")
        #expect(Hex.encode([]) == "")
    }

    @Test("Accepts what people paste: spaces, colons, 0x prefixes, newlines")
    func lenientDecoding() throws {
        #expect(try Hex.decode("D1 01 0c 55") == [0xD1, 0x01, 0x0C, 0x55])
        #expect(try Hex.decode("0xD1 0x01") == [0xD1, 0x01])
        #expect(try Hex.decode("04:5E:C8\n") == [0x04, 0x5E, 0xC8])
        #expect(try Hex.decode("") == [])
    }

    @Test("Rejects non-hex characters and lone digits, naming the character offset")
    func errors() {
        #expect(throws: HexError.invalidCharacter(offset: 3)) { try Hex.decode("D1 G1") }
        #expect(throws: HexError.oddDigits(offset: 0)) { try Hex.decode("D") }
        #expect(throws: HexError.oddDigits(offset: 3)) { try Hex.decode("D1 0 1") }
        #expect(HexError.oddDigits(offset: 3).sentence.contains("3"))
        #expect(HexError.invalidCharacter(offset: 3).origin == .input)
    }

    @Test("Round-trips every byte value")
    func roundTrip() throws {
        let all = (0...255).map { UInt8($0) }
        #expect(try Hex.decode(Hex.encode(all)) == all)
        #expect(try Hex.decode(Hex.encode(all, uppercase: true, separator: " ")) == all)
    }
}
