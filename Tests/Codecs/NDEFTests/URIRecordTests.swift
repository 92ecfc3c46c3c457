import Testing

@testable import NDEF

/// NFC Forum URI RTD 1.0: payload = identifier code (§3.2.2, table 3) + UTF-8 rest of the URI.
@Suite("URI record")
struct URIRecordTests {
    @Test("The ndeflib vector for http://www.example.com/ uses code 01 and payload length 0D")
    func knownAnswer() {
        // D1 MB|ME|SR|TNF1, 01 type length, 0D payload length (13 = code + 12 chars), 55 "U", 01 "http://www."
        let wire = bytes("D1 01 0D 55 01 65 78 61 6D 70 6C 65 2E 63 6F 6D 2F")
        #expect(NDEFMessage(records: [.uri("http://www.example.com/")]).encoded() == wire)
        #expect((try? NDEFMessage.decode(wire))?.records.first?.view == .uri(URIRecord(uri: "http://www.example.com/")))
    }

    @Test("Each of the 36 identifier codes decodes to its prefix and is chosen by the encoder", arguments: 0..<36)
    func everyCode(code: Int) throws {
        let prefix = URIRecord.prefixes[code]
        let payload = [UInt8(code)] + Array("rest".utf8)
        let view = try URIRecord.decode(payload: payload[...])
        #expect(view.uri == prefix + "rest")
        #expect(view.identifierCode == UInt8(code))
        #expect(view.warning == nil)
        // The encoder picks the longest prefix; "rest" cannot extend any prefix into a longer one.
        #expect(URIRecord(uri: prefix + "rest").payload == payload)
    }

    @Test("The prefix table is the one in URI RTD 1.0 table 3 (spot checks)")
    func table() {
        #expect(URIRecord.prefixes.count == 36)
        #expect(URIRecord.prefixes[0x07] == "ftp://anonymous:anonymous@")
        #expect(URIRecord.prefixes[0x1D] == "file://")
        #expect(URIRecord.prefixes[0x23] == "urn:nfc:")
    }

    @Test("Longest prefix wins: urn:epc:id: over urn:epc: over urn:, https://www. over https://")
    func longestPrefix() {
        #expect(URIRecord.longestPrefixCode(for: "urn:epc:id:sgtin:1") == 0x1E)
        #expect(URIRecord.longestPrefixCode(for: "urn:epc:x") == 0x22)
        #expect(URIRecord.longestPrefixCode(for: "urn:isbn:1") == 0x13)
        #expect(URIRecord.longestPrefixCode(for: "https://www.a.b") == 0x02)
        #expect(URIRecord.longestPrefixCode(for: "https://a.b") == 0x04)
        #expect(URIRecord.longestPrefixCode(for: "ftp://ftp.x") == 0x08)
        #expect(URIRecord.longestPrefixCode(for: "geo:1,2") == 0x00)
        #expect(URIRecord(uri: "geo:1,2").payload == [0x00] + Array("geo:1,2".utf8))
    }

    @Test("Reserved codes 0x24–0xFF: no prefix, the code kept, a warning reported", arguments: [0x24, 0x80, 0xFF])
    func reservedCode(code: Int) throws {
        let view = try URIRecord.decode(payload: ([UInt8(code)] + Array("x:y".utf8))[...])
        #expect(view.uri == "x:y")
        #expect(view.identifierCode == UInt8(code))
        #expect(view.hasReservedCode)
        #expect(view.warning?.contains("reserved") == true)
        // Re-encoding keeps the byte: nothing is lost.
        #expect(view.payload == [UInt8(code)] + Array("x:y".utf8))
    }

    @Test("Errors: empty payload; invalid UTF-8 named at its offset in the payload")
    func errors() {
        #expect(throws: NDEFError.payloadTooShort(kind: "URI record", offset: 0, needed: 1, available: 0)) {
            try URIRecord.decode(payload: [][...])
        }
        #expect(throws: NDEFError.invalidUTF8(what: "URI", offset: 3)) {
            try URIRecord.decode(payload: bytes("04 61 62 FF 63")[...])
        }
        // Through the strict message decoder the offset is in the input: payload starts at byte 4.
        #expect(throws: NDEFError.invalidUTF8(what: "URI", offset: 7)) {
            try DecodedMessage.decode(bytes("D1 01 05 55 04 61 62 FF 63"))
        }
        // The lenient view keeps the record and says why.
        let record = NDEFRecord(tnf: .wellKnown, type: "U", payload: [])
        #expect(record.view.kind == "invalid")
    }

    @Test("Characters beyond ASCII and NUL padding are kept exactly")
    func exactText() throws {
        let uri = "https://例え.jp/😀"
        #expect(try URIRecord.decode(payload: URIRecord(uri: uri).payload[...]).uri == uri)
        #expect(try URIRecord.decode(payload: bytes("03 61 00 00")[...]).uri == "http://a\u{0}\u{0}")
    }
}
