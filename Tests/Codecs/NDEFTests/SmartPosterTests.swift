import Testing

@testable import NDEF

/// NFC Forum Smart Poster RTD 1.0: the payload is a nested NDEF message with one URI record,
/// titles, and the local records `act`, `s`, `t` plus an icon.
@Suite("Smart Poster record")
struct SmartPosterTests {
    @Test("A hand-built poster: URI, two titles, action, size, type, icon")
    func handBuilt() throws {
        let nested = bytes(
            """
            91 01 0C 55 04 65 78 61 6D 70 6C 65 2E 63 6F 6D
            11 01 05 54 02 65 6E 48 69
            11 01 08 54 02 66 72 53 61 6C 75 74
            11 03 01 61 63 74 01
            11 01 04 73 00 00 10 00
            11 01 09 74 74 65 78 74 2F 68 74 6D 6C
            52 09 02 69 6D 61 67 65 2F 70 6E 67 89 50
            """)
        // 91: MB|SR|TNF1 U; 11: SR|TNF1 (T, T, act=01 save, s=4096, t="text/html"); 52: ME|SR|TNF2 image/png.
        let record = NDEFRecord(tnf: .wellKnown, type: "Sp", payload: nested)
        guard case .smartPoster(let poster) = record.view else {
            Issue.record("not a smart poster: \(record.view)")
            return
        }
        #expect(poster.uri.uri == "https://example.com")
        #expect(poster.titlesByLanguage == ["en": "Hi", "fr": "Salut"])
        #expect(poster.action == .save)
        #expect(poster.size == 4096)
        #expect(poster.type == "text/html")
        #expect(poster.icon == MIMERecord(type: "image/png", payload: [0x89, 0x50]))
        #expect(poster.otherRecords.isEmpty)
        #expect(poster.message.encoded() == nested)
    }

    @Test("Builder with titles by language and an action; decodes back")
    func builder() throws {
        let record = NDEFRecord.smartPoster(uri: "https://a.example", titles: ["en": "A", "de": "Ä"], action: .do)
        guard case .smartPoster(let poster) = record.view else {
            Issue.record("not a smart poster")
            return
        }
        #expect(poster.titles.map(\.language) == ["en", "de"])
        #expect(poster.titlesByLanguage["de"] == "Ä")
        #expect(poster.action == .do)
    }

    @Test("Unknown nested records are kept; a reserved action value is kept")
    func keepsEverything() throws {
        let poster = SmartPoster(
            uri: URIRecord(uri: "tel:1"), action: .reserved(7),
            otherRecords: [NDEFRecord(tnf: .external, type: "x.org:y", payload: [1])])
        #expect(try SmartPoster.decode(payload: poster.message.encoded()[...]) == poster)
    }

    @Test("Exactly one URI record: none or two is an error at the poster payload")
    func uriCount() {
        let noURI = NDEFMessage(records: [.text("t")]).encoded()
        #expect(throws: NDEFError.smartPosterURICount(offset: 0, count: 0)) {
            try SmartPoster.decode(payload: noURI[...])
        }
        let twoURIs = NDEFMessage(records: [.uri("tel:1"), .uri("tel:2")]).encoded()
        #expect(throws: NDEFError.smartPosterURICount(offset: 0, count: 2)) {
            try SmartPoster.decode(payload: twoURIs[...])
        }
    }

    @Test("An empty Smart Poster payload is too short for its nested message")
    func emptyPayload() {
        #expect(
            throws: NDEFError.payloadTooShort(
                kind: "smart poster (a nested NDEF message)", offset: 0, needed: 3, available: 0)
        ) {
            try SmartPoster.decode(payload: [][...])
        }
        // D1 02 00 "Sp": the payload would start at byte 5.
        #expect(
            throws: NDEFError.payloadTooShort(
                kind: "smart poster (a nested NDEF message)", offset: 5, needed: 3, available: 0)
        ) {
            try DecodedMessage.decode(bytes("D1 02 00 53 70"))
        }
    }

    @Test("An error inside the nested message is reported at its offset in the whole input")
    func nestedOffsets() {
        // Outer: D1 02 0A "Sp" (payload at byte 5). Nested: D1 01 06 55 ... claims 6 bytes, 3 present.
        let wire = bytes("D1 02 07 53 70  D1 01 06 55 04 61 62")
        #expect(throws: NDEFError.lengthPastEnd(field: .payload, offset: 9, declared: 6, available: 3)) {
            try DecodedMessage.decode(wire)
        }
        // A bad title inside: language length 9 with 2 bytes left → offset of the title's status byte.
        let inner = bytes("91 01 02 55 00 61  51 01 03 54 09 65 6E")
        let outer = NDEFMessage(records: [NDEFRecord(tnf: .wellKnown, type: "Sp", payload: inner)]).encoded()
        // Outer header is 5 bytes (D1 02 0D 53 70); the title payload starts at 6 + 4 = 10 in `inner`.
        #expect(throws: NDEFError.languagePastEnd(offset: 5 + 10, declared: 9, available: 2)) {
            try DecodedMessage.decode(outer)
        }
    }
}
