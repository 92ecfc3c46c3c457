import Testing

@testable import NDEF

/// NFC Forum Text RTD 1.0: status byte (bit 7 UTF-16, bits 5–0 language length), language, text.
@Suite("Text record")
struct TextRecordTests {
    @Test("ndeflib vectors: Hello (UTF-8), U+1F600 (4-byte UTF-8), Hi (UTF-16 with FF FE)")
    func knownAnswers() throws {
        // 02: UTF-8, language length 2; 65 6E "en"; 48 65 6C 6C 6F "Hello"
        #expect(NDEFMessage(records: [.text("Hello")]).encoded() == bytes("D1 01 08 54 02 65 6E 48 65 6C 6C 6F"))
        // F0 9F 98 80 is U+1F600 in UTF-8.
        #expect(NDEFMessage(records: [.text("😀")]).encoded() == bytes("D1 01 07 54 02 65 6E F0 9F 98 80"))
        // 82: UTF-16 flag | length 2; FF FE BOM then little-endian 48 00 69 00.
        let utf16 = bytes("D1 01 09 54 82 65 6E FF FE 48 00 69 00")
        #expect(NDEFMessage(records: [.text("Hi", encoding: .utf16)]).encoded() == utf16)
        let view = try NDEFMessage.decode(utf16).records[0].view
        #expect(view == .text(TextRecord("Hi", language: "en", encoding: .utf16, utf16Layout: .littleEndianWithBOM)))
        if case .text(let text) = try NDEFMessage.decode(bytes("D1 01 07 54 02 65 6E F0 9F 98 80")).records[0].view {
            #expect(text.text.unicodeScalars.map(\.value) == [0x1F600])
        } else {
            Issue.record("not a text view")
        }
    }

    @Test("UTF-16 with FE FF: big-endian")
    func bigEndianBOM() throws {
        let text = try TextRecord.decode(payload: bytes("82 65 6E FE FF 00 48 00 69")[...])
        #expect(text.text == "Hi")
        #expect(text.utf16Layout == .bigEndianWithBOM)
        #expect(text.payload == bytes("82 65 6E FE FF 00 48 00 69"))
    }

    @Test("UTF-16 without a BOM is big-endian (RFC 2781 §4.3, as Text RTD 1.0 §3.2.3 refers)")
    func bomLessIsBigEndian() throws {
        let text = try TextRecord.decode(payload: bytes("82 65 6E 00 48 00 69")[...])
        #expect(text.text == "Hi")
        #expect(text.utf16Layout == .bigEndian)
        #expect(text.payload == bytes("82 65 6E 00 48 00 69"))
    }

    @Test("Surrogate pairs: U+1F600 is D83D DE00 in both byte orders")
    func surrogatePairs() throws {
        #expect(try TextRecord.decode(payload: bytes("82 65 6E D8 3D DE 00")[...]).text == "😀")
        #expect(try TextRecord.decode(payload: bytes("82 65 6E FF FE 3D D8 00 DE")[...]).text == "😀")
        #expect(TextRecord("😀", encoding: .utf16).payload == bytes("82 65 6E FF FE 3D D8 00 DE"))
    }

    @Test("The language code is kept, up to 63 bytes (6-bit length)")
    func language() throws {
        let tag = "zh-Hant-TW"
        let payload = TextRecord("中文", language: tag).payload
        #expect(payload[0] == UInt8(tag.utf8.count))
        #expect(try TextRecord.decode(payload: payload[...]).language == tag)
        let longest = String(repeating: "a", count: 63)
        #expect(try TextRecord.decode(payload: TextRecord("x", language: longest).payload[...]).language == longest)
        // Bit 6 is reserved: a reader ignores it. 42 = reserved bit | length 2.
        #expect(try TextRecord.decode(payload: bytes("42 65 6E 61")[...]).text == "a")
    }

    @Test("Empty text, UTF-8 and UTF-16 (BOM only)")
    func emptyText() throws {
        #expect(try TextRecord.decode(payload: bytes("02 65 6E")[...]).text == "")
        #expect(try TextRecord.decode(payload: bytes("82 65 6E FF FE")[...]).text == "")
        #expect(try TextRecord.decode(payload: bytes("82 65 6E")[...]).text == "")
    }

    @Test("Errors name the rule and the payload offset")
    func errors() {
        #expect(throws: NDEFError.payloadTooShort(kind: "text record", offset: 0, needed: 1, available: 0)) {
            try TextRecord.decode(payload: [][...])
        }
        #expect(throws: NDEFError.missingLanguage(offset: 0)) { try TextRecord.decode(payload: bytes("00 61")[...]) }
        #expect(throws: NDEFError.languagePastEnd(offset: 0, declared: 5, available: 2)) {
            try TextRecord.decode(payload: bytes("05 65 6E")[...])
        }
        #expect(throws: NDEFError.invalidUTF8(what: "text", offset: 4)) {
            try TextRecord.decode(payload: bytes("02 65 6E 61 C3")[...])
        }
        #expect(throws: NDEFError.oddUTF16Length(offset: 3, count: 3)) {
            try TextRecord.decode(payload: bytes("82 65 6E 00 48 00")[...])
        }
        // A lone high surrogate D800 followed by 0041.
        #expect(throws: NDEFError.invalidUTF16(offset: 3)) {
            try TextRecord.decode(payload: bytes("82 65 6E D8 00 00 41")[...])
        }
        // A lone low surrogate after a BOM: offset counts the BOM.
        #expect(throws: NDEFError.invalidUTF16(offset: 7)) {
            try TextRecord.decode(payload: bytes("82 65 6E FF FE 41 00 00 DC")[...])
        }
        #expect(throws: NDEFError.invalidUTF8(what: "language code (US-ASCII)", offset: 2)) {
            try TextRecord.decode(payload: bytes("02 65 FF 61")[...])
        }
    }
}
