import Testing

@testable import NDEF

/// The one check for a Text record's language code (``TextRecord/checkLanguage(_:)``): Text RTD
/// 1.0 §3.2.1 (mandatory, US-ASCII, at most 63 bytes in the 6-bit length) and the RFC 5646 tag
/// shape. What it accepts, the decoder reads back as it was written.
@Suite("Text record language code")
struct TextLanguageTests {
    static let tags = [
        "en", "fr-CA", "zh-Hant-TW", "de-CH-1901", "x-klingon", "i-default", "sgn-BE-FR", "EN-us", "es-419",
        String(repeating: "a", count: 8) + String(repeating: "-abcdefg", count: 6) + "-ab",  // 8 + 48 + 3 = 59
    ]

    @Test("RFC 5646 tags are accepted, and each decodes back as written", arguments: tags)
    func acceptsLanguageTags(_ tag: String) throws {
        try TextRecord.checkLanguage(tag)
        let record = TextRecord("hi", language: tag)
        #expect(try TextRecord.decode(payload: record.payload[...]) == record)
    }

    @Test("What Text RTD 1.0 §3.2.1 forbids is refused, with the figures")
    func refusesWhatTheSpecForbids() {
        #expect(throws: TextLanguageError.empty) { try TextRecord.checkLanguage("") }
        #expect(throws: TextLanguageError.notASCII(language: "日本", character: "日", position: 1)) {
            try TextRecord.checkLanguage("日本")
        }
        #expect(throws: TextLanguageError.notASCII(language: "fr-é", character: "é", position: 4)) {
            try TextRecord.checkLanguage("fr-é")
        }
        #expect(throws: TextLanguageError.tooLong(bytes: 128)) {
            try TextRecord.checkLanguage(String(repeating: "a", count: 128))
        }
        #expect(throws: TextLanguageError.tooLong(bytes: 64)) {
            try TextRecord.checkLanguage(String(repeating: "ab-", count: 21) + "a")
        }
    }

    @Test(
        "ASCII that is not a language tag is refused",
        arguments: ["en_US", "en US", "-en", "en-", "en--US", "1en", "en-toolongsubtag", "en\t", "e.n", "*"])
    func refusesWhatIsNotATag(_ code: String) {
        #expect(throws: TextLanguageError.notATag(language: code)) { try TextRecord.checkLanguage(code) }
    }

    @Test("Sentences name the code and the rule")
    func sentences() {
        #expect(
            TextLanguageError.empty.sentence
                == "The language code is empty; a Text record must name its language (NFC Forum Text RTD 1.0 §3.2.1), e.g. en or fr-CA."
        )
        #expect(
            TextLanguageError.notASCII(language: "日本", character: "日", position: 1).sentence
                == "The language code '日本' has '日' at character 1, which is not US-ASCII; a Text record's language code is an ASCII language tag (NFC Forum Text RTD 1.0 §3.2.1), e.g. en or ja."
        )
        #expect(
            TextLanguageError.tooLong(bytes: 128).sentence
                == "The language code has 128 characters; a Text record's holds at most 63 (its length is a 6-bit field, NFC Forum Text RTD 1.0 §3.2.1)."
        )
        #expect(
            TextLanguageError.notATag(language: "en_US").sentence.hasPrefix("'en_US' is not a language tag: RFC 5646"))
        #expect(TextLanguageError.empty.origin == .input)
    }

    /// Without the check, each of these builds a record that `read` calls malformed (or, for the
    /// long one, silently cuts the code at 63 bytes): the reason the check exists.
    @Test("The codes the check refuses are the ones the decoder rejects or the encoder cuts")
    func refusedCodesWouldBreakTheRecord() {
        #expect(throws: NDEFError.missingLanguage(offset: 0)) {
            try TextRecord.decode(payload: TextRecord("hi", language: "").payload[...])
        }
        #expect(throws: NDEFError.self) {
            try TextRecord.decode(payload: TextRecord("hi", language: "日本").payload[...])
        }
        let long = TextRecord("hi", language: String(repeating: "a", count: 128))
        #expect(!long.languageFits)
        #expect((try? TextRecord.decode(payload: long.payload[...]))?.language.count == 63)
    }
}
