import Testing

@testable import NDEF

/// MIME (TNF 2), external (TNF 4), Android Application Record, absolute URI (TNF 3), empty and
/// unknown records, and record type normalization.
@Suite("MIME, external, AAR, absolute URI, empty and unknown records")
struct OtherRecordTests {
    private let vcard = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nEND:VCARD\r\n"

    @Test("The ndeflib vCard vector: D2 0A 41 'text/vcard' …, 78 bytes; shown as text")
    func vcardVector() throws {
        let wire = NDEFMessage(records: [.mime(type: "text/vcard", payload: Array(vcard.utf8))]).encoded()
        // D2: MB|ME|SR|TNF2; 0A: type length 10; 41: payload length 65; then "text/vcard" and "BEGIN…".
        #expect(wire.count == 78)
        #expect(Array(wire.prefix(16)) == bytes("D2 0A 41 74 65 78 74 2F 76 63 61 72 64 42 45 47"))
        guard case .mime(let mime) = try NDEFMessage.decode(wire).records[0].view else {
            Issue.record("not MIME")
            return
        }
        #expect(mime.type == "text/vcard")
        #expect(mime.text == vcard)
    }

    @Test("Textual MIME types are shown as text; binary ones and invalid UTF-8 are not")
    func textual() {
        #expect(MIMERecord(type: "application/json", payload: Array("{}".utf8)).text == "{}")
        #expect(MIMERecord(type: "application/ld+json", payload: Array("{}".utf8)).text == "{}")
        #expect(MIMERecord(type: "Text/Plain; charset=utf-8", payload: Array("a".utf8)).text == "a")
        #expect(MIMERecord(type: "image/png", payload: Array("a".utf8)).text == nil)
        #expect(MIMERecord(type: "text/plain", payload: [0xFF]).text == nil)
    }

    @Test("External type domain:type; Android Application Record android.com:pkg")
    func externalAndAAR() throws {
        let external = NDEFRecord.external(type: "example.com:thing", payload: [1, 2])
        #expect(external.tnf == .external)
        #expect(external.view == .external(ExternalRecord(type: "example.com:thing", payload: [1, 2])))
        #expect(ExternalRecord(type: "example.com:thing", payload: []).domain == "example.com")
        let aar = NDEFRecord.androidApplication(package: "com.example.app")
        // D4 0F 0F "android.com:pkg" "com.example.app"
        #expect(
            NDEFMessage(records: [aar]).encoded()
                == [0xD4, 0x0F, 0x0F] + Array("android.com:pkg".utf8) + Array("com.example.app".utf8))
        #expect(aar.view == .androidApplication(AndroidApplicationRecord(package: "com.example.app")))
        // The external type compares case-insensitively (RTD 1.0 §2.4).
        let upper = NDEFRecord(tnf: .external, type: "Android.com:PKG", payload: Array("p".utf8))
        #expect(upper.view == .androidApplication(AndroidApplicationRecord(package: "p")))
    }

    @Test("Absolute URI: the type is the URI; empty; unknown keeps tnf, type and payload")
    func absoluteEmptyUnknown() throws {
        let absolute = NDEFRecord.absoluteURI("urn:example:type", payload: [9])
        #expect(absolute.view == .absoluteURI(AbsoluteURIRecord(uri: "urn:example:type", payload: [9])))
        #expect(NDEFRecord.empty.view == .empty)
        let unknown = try NDEFMessage.decode(bytes("D5 00 02 AB CD")).records[0]
        // D5: MB|ME|SR|TNF 5, TYPE_LENGTH 0, PAYLOAD_LENGTH 2.
        #expect(NDEFMessage(records: [.unknown(payload: [0xAB, 0xCD])]).encoded() == bytes("D5 00 02 AB CD"))
        #expect(unknown.view == .unknown(tnf: .unknown, type: [], payload: [0xAB, 0xCD]))
        // A well-known type TapCard does not model (Device Information "Di") is kept as unknown.
        let di = NDEFRecord(tnf: .wellKnown, type: "Di", payload: [1, 2, 3])
        #expect(di.view == .unknown(tnf: .wellKnown, type: Array("Di".utf8), payload: [1, 2, 3]))
    }

    @Test("Record types compare equal after normalization: \"U\" and [0x55], URN forms, case rules")
    func typeNormalization() {
        #expect(RecordType(tnf: .wellKnown, "U") == RecordType(tnf: .wellKnown, bytes: [0x55]))
        #expect(RecordType(tnf: .wellKnown, "urn:nfc:wkt:U") == RecordType(tnf: .wellKnown, "U"))
        // Well-known types are case-sensitive: "u" is not "U".
        #expect(RecordType(tnf: .wellKnown, "u") != RecordType(tnf: .wellKnown, "U"))
        #expect(RecordType(tnf: .media, "Text/VCard") == RecordType(tnf: .media, "text/vcard"))
        #expect(RecordType(tnf: .external, "urn:nfc:ext:Example.com:T") == RecordType(tnf: .external, "example.com:t"))
        #expect(RecordType(tnf: .absoluteURI, "HTTP://x/Y") == RecordType(tnf: .absoluteURI, "http://x/Y"))
        #expect(RecordType(tnf: .absoluteURI, "http://x/Y") != RecordType(tnf: .absoluteURI, "http://x/y"))
        // Same bytes under a different TNF are a different type.
        #expect(RecordType(tnf: .media, "U") != RecordType(tnf: .wellKnown, "U"))
        #expect(NDEFRecord.uri("tel:1").hasType("U"))
        #expect(NDEFRecord(tnf: .wellKnown, type: "U") == NDEFRecord(tnf: .wellKnown, type: [0x55]))
    }
}
