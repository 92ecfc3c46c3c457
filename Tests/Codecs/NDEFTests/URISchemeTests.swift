import Testing

@testable import NDEF

/// `tel:` (RFC 3966), `sms:` (RFC 5724), `mailto:` (RFC 6068) and `geo:` (RFC 5870): what the
/// builders write, byte for byte, what a URI record's ``URIView`` reads, and that a malformed one
/// stays a plain URI.
@Suite("URI schemes: tel, sms, mailto, geo")
struct URISchemeTests {
    // MARK: tel:

    @Test("tel: a global number with separators; identifier code 0x05 stands for 'tel:' (URI RTD table 3)")
    func telVector() throws {
        let record = try NDEFRecord.telephone("+1-555-0100")
        // 05 = "tel:", then "+1-555-0100".
        #expect(record.payload == bytes("05 2B 31 2D 35 35 35 2D 30 31 30 30"))
        #expect(NDEFMessage(records: [record]).encoded() == bytes("D1 01 0C 55 05 2B 31 2D 35 35 35 2D 30 31 30 30"))
        guard case .uri(let uri) = record.view, case .tel(let tel) = uri.schemeView else {
            Issue.record("not a tel: view: \(record.view)")
            return
        }
        #expect(tel.number == "+1-555-0100")
        #expect(tel.parameters == "")
        #expect(uri.schemeView?.kind == "tel")
    }

    @Test("tel: numbers RFC 3966 allows, with parameters; the scheme in any case")
    func telAccepted() throws {
        for (subscriber, number, parameters) in [
            ("+15551234567", "+15551234567", ""), ("+1 (555)", nil, nil), ("(555).0100", "(555).0100", ""),
            ("*31#", "*31#", ""), ("5550100;ext=42", "5550100", ";ext=42"),
            ("+1-555-0100;ext=42;isub=%41b", "+1-555-0100", ";ext=42;isub=%41b"),
            ("7042;phone-context=example.com", "7042", ";phone-context=example.com"),
        ] {
            guard let number, let parameters else {
                #expect(throws: RecordValueError.self) { try TelephoneURI(subscriber) }
                continue
            }
            let tel = try TelephoneURI(subscriber)
            #expect(tel.number == number, "\(subscriber)")
            #expect(tel.parameters == parameters, "\(subscriber)")
            #expect(TelephoneURI(uri: tel.uri) == tel)
        }
        #expect(TelephoneURI(uri: "TEL:+15550100")?.number == "+15550100")
    }

    @Test("tel: empty, letters, spaces, no digit, a bad parameter are refused with the rule")
    func telRefused() {
        #expect(throws: RecordValueError.emptyTelephoneNumber) { try TelephoneURI("") }
        #expect(throws: RecordValueError.emptyTelephoneNumber) { try TelephoneURI(";ext=1") }
        #expect(throws: RecordValueError.telephoneNumberCharacter(number: "+1abc", scalar: 0x61, position: 3)) {
            try TelephoneURI("+1abc")
        }
        #expect(throws: RecordValueError.telephoneNumberCharacter(number: "call-me", scalar: 0x63, position: 1)) {
            try TelephoneURI("call-me")
        }
        // The hex letters RFC 3966 allows in local numbers are refused on purpose (no phone dials them).
        #expect(throws: RecordValueError.telephoneNumberCharacter(number: "cafe", scalar: 0x63, position: 1)) {
            try TelephoneURI("cafe")
        }
        #expect(throws: RecordValueError.telephoneNumberWithoutDigits(number: "+--")) { try TelephoneURI("+--") }
        // '*' and '#' belong to local numbers only.
        #expect(throws: RecordValueError.telephoneNumberCharacter(number: "+1*2", scalar: 0x2A, position: 3)) {
            try TelephoneURI("+1*2")
        }
        #expect(throws: RecordValueError.telephoneParameter(number: "1", parameter: ";=x")) { try TelephoneURI("1;=x") }
        #expect(throws: RecordValueError.telephoneParameter(number: "1", parameter: ";ext=")) {
            try TelephoneURI("1;ext=")
        }
        #expect(throws: RecordValueError.telephoneParameter(number: "1", parameter: ";x=%4")) {
            try TelephoneURI("1;x=%4")
        }
        let space = RecordValueError.telephoneNumberCharacter(number: "+1 555", scalar: 0x20, position: 3)
        #expect(
            space.sentence
                == "The telephone number '+1 555' has a space at character 3; RFC 3966 §3 numbers are digits with the visual separators - . ( ), a global one starting with '+', a local one possibly holding * and #; write separators as '-' or '.', not spaces."
        )
        #expect(space.origin == .input)
    }

    // MARK: sms:

    @Test("sms: the body is percent-encoded UTF-8, only RFC 3986 unreserved characters left as they are")
    func smsVector() throws {
        let sms = try SMSURI(number: "+15550100", body: "Table 4 & café")
        #expect(sms.uri == "sms:+15550100?body=Table%204%20%26%20caf%C3%A9")
        // No identifier code stands for "sms:": code 0 and the whole URI.
        #expect(sms.record.payload == [0x00] + Array(sms.uri.utf8))
        guard case .uri(let uri) = sms.record.view, case .sms(let read) = uri.schemeView else {
            Issue.record("not an sms: view")
            return
        }
        #expect(read.number == "+15550100")
        #expect(read.body == "Table 4 & café")
        #expect(try SMSURI(number: "+15550100").uri == "sms:+15550100")
        #expect(
            try SMSURI(number: "+15550100,+15550101", body: "a-b_c.d~e").uri == "sms:+15550100,+15550101?body=a-b_c.d~e"
        )
    }

    @Test("sms: reading keeps other fields in the URI, is case-blind on the scheme and the field name")
    func smsRead() {
        let sms = SMSURI(uri: "SMS:+1555?foo=bar&Body=hi%0Athere")
        #expect(sms?.number == "+1555")
        #expect(sms?.body == "hi\nthere")
        #expect(SMSURI(uri: "sms:+1555")?.body == nil)
        // '+' is a plus, not a space (that is HTML forms, not RFC 5724).
        #expect(SMSURI(uri: "sms:+1555?body=1+1")?.body == "1+1")
    }

    @Test("sms: malformed ones have no sub-view and stay plain URIs")
    func smsMalformed() {
        for uri in [
            "sms:", "sms:?body=x", "sms:abc", "sms:+1555?body=%zz", "sms:+1555?body=%FF", "sms:+1555?body",
            "sms:+1555?body=a&body=b", "sms:+1555,", "sms:+1 555",
        ] {
            #expect(SMSURI(uri: uri) == nil, "\(uri)")
            #expect(URIRecord(uri: uri).schemeView == nil, "\(uri)")
            #expect(NDEFRecord.uri(uri).view == .uri(URIRecord(uri: uri)), "\(uri)")
        }
    }

    // MARK: mailto:

    @Test("mailto: code 0x06; subject and body percent-encoded outside qchar; line breaks as %0D%0A (RFC 6068 §5)")
    func mailtoVector() throws {
        let mail = try MailtoURI(address: "ada@example.com", subject: "Hi & bye?", body: "line 1\nline 2\r\nend=1")
        #expect(mail.uri == "mailto:ada@example.com?subject=Hi%20%26%20bye%3F&body=line%201%0D%0Aline%202%0D%0Aend%3D1")
        #expect(mail.record.payload.first == 0x06)
        #expect(mail.record.payload.dropFirst().starts(with: Array("ada@example.com?subject=".utf8)))
        guard case .uri(let uri) = mail.record.view, case .mailto(let read) = uri.schemeView else {
            Issue.record("not a mailto: view")
            return
        }
        #expect(read.address == "ada@example.com")
        #expect(read.subject == "Hi & bye?")
        #expect(read.body == "line 1\r\nline 2\r\nend=1")
        // qchar's some-delims stay as they are; '%' and non-ASCII are encoded.
        #expect(
            try MailtoURI(address: "a@b.c", subject: "!$'()*+,;:@ 100% ü").uri
                == "mailto:a@b.c?subject=!$'()*+,;:@%20100%25%20%C3%BC")
        #expect(try MailtoURI(address: "a+tag@b.c").uri == "mailto:a+tag@b.c")
    }

    @Test("mailto: the address shape: one '@', a local part and a domain, no spaces or controls")
    func mailtoRefused() {
        #expect(throws: RecordValueError.emptyEmailAddress) { try MailtoURI(address: "") }
        #expect(throws: RecordValueError.emailAddressAtSigns(address: "ada", count: 0)) {
            try MailtoURI(address: "ada")
        }
        #expect(throws: RecordValueError.emailAddressAtSigns(address: "a@b@c", count: 2)) {
            try MailtoURI(address: "a@b@c")
        }
        #expect(throws: RecordValueError.emailAddressEmptyPart(address: "@b", part: "local part")) {
            try MailtoURI(address: "@b")
        }
        #expect(throws: RecordValueError.emailAddressEmptyPart(address: "a@", part: "domain")) {
            try MailtoURI(address: "a@")
        }
        #expect(throws: RecordValueError.emailAddressCharacter(address: "a b@c", scalar: 0x20, position: 2)) {
            try MailtoURI(address: "a b@c")
        }
        #expect(throws: RecordValueError.emailAddressCharacter(address: "a@c\n", scalar: 0x0A, position: 4)) {
            try MailtoURI(address: "a@c\n")
        }
    }

    @Test("mailto: reading several addresses, other headers, and the malformed ones")
    func mailtoRead() {
        // A percent-encoded '@' is still an '@': "d@e@f.g" has two.
        #expect(MailtoURI(uri: "mailto:a@b.c,d%40e@f.g") == nil)
        let two = MailtoURI(uri: "mailto:a@b.c,d@e.f?cc=x@y.z&SUBJECT=%E2%9C%93")
        #expect(two?.address == "a@b.c,d@e.f")
        #expect(two?.subject == "✓")
        #expect(two?.body == nil)
        for uri in [
            "mailto:", "mailto:?subject=x", "mailto:ada", "mailto:a@b?subject=%", "mailto:a@b?subject",
            "mailto:a@b?body=1&body=2", "mailto:a%20b@c",
        ] {
            #expect(MailtoURI(uri: uri) == nil, "\(uri)")
            #expect(URIRecord(uri: uri).schemeView == nil, "\(uri)")
        }
    }

    // MARK: geo:

    @Test("geo: latitude and longitude as written; no identifier code stands for 'geo:'")
    func geoVector() throws {
        let geo = try GeoURI(latitude: "-33.8568", longitude: "151.2153")
        #expect(geo.uri == "geo:-33.8568,151.2153")
        #expect(
            NDEFMessage(records: [geo.record]).encoded() == bytes("D1 01 16 55 00")
                + Array("geo:-33.8568,151.2153".utf8))
        guard case .uri(let uri) = geo.record.view, case .geo(let read) = uri.schemeView else {
            Issue.record("not a geo: view")
            return
        }
        #expect(read.latitude == "-33.8568")
        #expect(read.longitude == "151.2153")
        #expect(read.latitudeDegrees == -33.8568)
        #expect(read.altitude == nil)
    }

    @Test("geo: the range edges are in (RFC 5870 §3.4.2); past them, or not [-]digits[.digits], is refused")
    func geoRanges() throws {
        for (latitude, longitude) in [("90", "180"), ("-90", "-180"), ("0", "0"), ("-0.000001", "179.999999")] {
            #expect(try GeoURI(latitude: latitude, longitude: longitude).latitude == latitude)
        }
        #expect(throws: RecordValueError.coordinateRange(axis: "latitude", text: "90.0001", limit: 90)) {
            try GeoURI(latitude: "90.0001", longitude: "0")
        }
        #expect(throws: RecordValueError.coordinateRange(axis: "longitude", text: "-180.5", limit: 180)) {
            try GeoURI(latitude: "0", longitude: "-180.5")
        }
        for text in ["", "+1", "1e3", ".5", "5.", "1.2.3", "−33", "NaN", "inf", " 1", "0x10"] {
            #expect(throws: RecordValueError.coordinateSyntax(axis: "latitude", text: text)) {
                try GeoURI(latitude: text, longitude: "0")
            }
        }
    }

    @Test("geo: altitude, uncertainty and crs=wgs84 are read; another CRS or a bad shape stays a plain URI")
    func geoRead() {
        let read = GeoURI(uri: "GEO:48.2010,16.3695,183;crs=wgs84;u=35")
        #expect(read?.latitude == "48.2010")
        #expect(read?.altitude == "183")
        #expect(read?.parameters == ";crs=wgs84;u=35")
        for uri in [
            "geo:", "geo:1", "geo:1,2,3,4", "geo:91,0", "geo:0,181", "geo:a,b", "geo:1,2;crs=utm", "geo:1,2;=x",
            "geo:1,2;u=", "geo:0,0?q=Eiffel+Tower", "geo:1,2,x",
        ] {
            #expect(GeoURI(uri: uri) == nil, "\(uri)")
            #expect(URIRecord(uri: uri).schemeView == nil, "\(uri)")
        }
    }

    // MARK: Every scheme

    @Test("Round trip: what the builders write, the view reads back, over many generated values")
    func roundTrips() throws {
        let numbers = [
            "+15550100", "+1-555-0100", "5550100", "*31#", "(030) 1234".replacingOccurrences(of: " ", with: ""),
        ]
        let texts = ["", "hi", "Table 4 & café", "100% sure?", "a=b&c=d", "line\nbreak", "😀 #1 /x"]
        for number in numbers {
            let tel = try TelephoneURI(number)
            #expect(URIRecord(uri: tel.uri).schemeView == .tel(tel))
            for text in texts {
                let sms = try SMSURI(number: number, body: text)
                #expect(URIRecord(uri: sms.uri).schemeView == .sms(sms), "\(sms.uri)")
                let mail = try MailtoURI(address: "x+\(number.count)@example.com", subject: text, body: text)
                guard case .mailto(let read) = URIRecord(uri: mail.uri).schemeView else {
                    Issue.record("\(mail.uri)")
                    continue
                }
                #expect(read.subject == text)
                #expect(read.body == MailtoURI.crlf(text))
            }
        }
        for latitude in stride(from: -90.0, through: 90.0, by: 22.5) {
            for longitude in stride(from: -180.0, through: 180.0, by: 45.0) {
                let geo = try GeoURI(latitude: "\(latitude)", longitude: "\(longitude)")
                #expect(URIRecord(uri: geo.uri).schemeView == .geo(geo))
            }
        }
    }

    @Test("Other schemes, and ones that merely start alike, have no sub-view")
    func otherSchemes() {
        for uri in ["https://example.com", "telnet://x", "smsto:+1555", "mailto2:a@b", "geography:1,2", "tel", ""] {
            #expect(URIRecord(uri: uri).schemeView == nil, "\(uri)")
        }
    }
}
