import Testing

@testable import NDEF

/// The checks a value passes before it is encoded (``RecordValueError``): URIs, media types and
/// Wi-Fi credentials. Each refusal names the field, the offending character and its position,
/// and the rule's source.
@Suite("Record value checks")
struct RecordValueCheckTests {
    @Test("URIs: empty, no scheme, control characters, spaces and bidi controls are refused")
    func uris() throws {
        for uri in ["https://example.com", "tel:+1", "urn:nfc:x", "https://例え.jp/パス", "a:", "coap+tcp://h"] {
            try URIRecord.check(uri)
        }
        #expect(throws: RecordValueError.emptyURI(field: "URI")) { try URIRecord.check("") }
        for uri in ["example.com", "/path", "1http://x", ":x", "ht tp://x"] where !uri.contains(" ") {
            #expect(throws: RecordValueError.uriWithoutScheme(field: "URI", uri: uri)) { try URIRecord.check(uri) }
        }
        let cases: [(String, UInt32, Int)] = [
            ("https://a.example/\nx", 0x0A, 19), ("https://a\r.example", 0x0D, 10), ("https://a.example/\u{0}", 0, 19),
            ("https://a.example/ b", 0x20, 19), ("https://a\u{7F}", 0x7F, 10), ("https://a\u{85}", 0x85, 10),
            ("https://evil\u{202E}moc.elgoog", 0x202E, 13), ("https://a\u{2066}b", 0x2066, 10),
            ("https://a\u{200F}b", 0x200F, 10),
        ]
        for (uri, scalar, position) in cases {
            #expect(
                throws: RecordValueError.uriCharacter(field: "smart poster URI", scalar: scalar, position: position)
            ) {
                try URIRecord.check(uri, field: "smart poster URI")
            }
        }
        #expect(
            RecordValueError.uriCharacter(field: "URI", scalar: 0x0A, position: 19).sentence
                == "The URI has a line feed (U+000A) at character 19; a URI holds no control characters, spaces or bidirectional formatting characters (RFC 3986 §2, RFC 3987 §4.1); percent-encode it (%0A)."
        )
        #expect(
            RecordValueError.uriCharacter(field: "URI", scalar: 0x202E, position: 13).sentence.contains(
                "a bidirectional formatting character (U+202E) at character 13"))
        // A relative ID is fine; its characters are checked all the same.
        try URIRecord.checkCharacters("#part-1", field: "record ID")
        #expect(throws: RecordValueError.uriCharacter(field: "record ID", scalar: 0x09, position: 2)) {
            try URIRecord.checkCharacters("a\tb", field: "record ID")
        }
    }

    @Test("A refused value is quoted with its controls escaped, so the message cannot drive a terminal")
    func quotedSafely() {
        let sentence = RecordValueError.uriWithoutScheme(field: "URI", uri: "x\u{1B}[2J\u{202E}").sentence
        #expect(sentence.hasPrefix(#"The URI 'x\u{1B}[2J\u{202E}' has no scheme"#))
        #expect(!sentence.unicodeScalars.contains { RecordValueError.isUnsafe($0.value) })
    }

    @Test("Media types: type/subtype tokens (RFC 2045 §5.1), parameters attribute=value")
    func mediaTypes() throws {
        for type in [
            "text/plain", "text/vcard", "application/vnd.wfa.wsc", "image/svg+xml", "text/plain; charset=utf-8",
            "text/plain;charset=\"utf-8\";format=flowed", "x-custom/x.y-z_1",
        ] {
            try MIMERecord.checkType(type)
        }
        #expect(throws: RecordValueError.emptyMediaType) { try MIMERecord.checkType("") }
        #expect(throws: RecordValueError.mediaTypeWithoutSlash(type: "vcard")) { try MIMERecord.checkType("vcard") }
        #expect(throws: RecordValueError.mediaTypeWithoutSlash(type: "text;a=b/c")) {
            try MIMERecord.checkType("text;a=b/c")
        }
        #expect(throws: RecordValueError.mediaTypeEmptyPart(type: "/plain", part: "type")) {
            try MIMERecord.checkType("/plain")
        }
        #expect(throws: RecordValueError.mediaTypeEmptyPart(type: "text/", part: "subtype")) {
            try MIMERecord.checkType("text/")
        }
        #expect(throws: RecordValueError.mediaTypeCharacter(type: "text/v card", scalar: 0x20, position: 7)) {
            try MIMERecord.checkType("text/v card")
        }
        #expect(throws: RecordValueError.mediaTypeCharacter(type: "text/a/b", scalar: 0x2F, position: 7)) {
            try MIMERecord.checkType("text/a/b")
        }
        #expect(throws: RecordValueError.mediaTypeCharacter(type: "text/plaïn", scalar: 0xEF, position: 9)) {
            try MIMERecord.checkType("text/plaïn")
        }
        #expect(throws: RecordValueError.mediaTypeCharacter(type: "text/pl\nain", scalar: 0x0A, position: 8)) {
            try MIMERecord.checkType("text/pl\nain")
        }
        for parameter in [";charset", ";=x", ";a=", ";a=b c", ";a=\"open"] {
            #expect(
                throws: RecordValueError.mediaTypeParameter(
                    type: "text/plain" + parameter, parameter: String(parameter.dropFirst()))
            ) {
                try MIMERecord.checkType("text/plain" + parameter)
            }
        }
    }

    @Test("Wi-Fi: SSID 1…32 bytes; WPA2-Personal keys 8…63 ASCII or 64 hex; open takes none; WEP 5/13/10/26")
    func wifi() throws {
        func credential(
            _ ssid: String, _ key: String, _ authentication: WiFiAuthentication = .wpa2Personal,
            _ encryption: WiFiEncryption = .aes
        ) -> WiFiCredential {
            WiFiCredential(
                ssid: Array(ssid.utf8), networkKey: Array(key.utf8), authentication: authentication,
                encryption: encryption)
        }
        let hex64 = String(repeating: "0123456789abcdef", count: 4)
        for valid in [
            credential("Home", "12345678"),
            credential(String(repeating: "s", count: 32), String(repeating: "k", count: 63)),
            credential("Home", hex64), credential("Guest", "", .open, .none), credential("Café", "correct horse"),
            credential("Old", "abcde", .shared, .wep), credential("Old", "0123456789", .open, .wep),
            credential("Mixed", "12345678", [.wpaPersonal, .wpa2Personal], [.tkip, .aes]),
            credential("Corp", "", .wpa2Enterprise),
        ] {
            try valid.validate()
        }
        #expect(throws: RecordValueError.ssidLength(bytes: 33)) {
            try credential(String(repeating: "s", count: 33), "12345678").validate()
        }
        // Eleven 3-byte characters: 33 bytes of UTF-8, though only 11 characters.
        #expect(throws: RecordValueError.ssidLength(bytes: 33)) {
            try credential(String(repeating: "中", count: 11), "12345678").validate()
        }
        #expect(throws: RecordValueError.ssidLength(bytes: 0)) { try credential("", "12345678").validate() }
        let wpa2 = "a passphrase of 8 to 63 printable ASCII characters, or 64 hex digits (IEEE 802.11-2016 annex J.4.1)"
        #expect(
            throws: RecordValueError.networkKeyLength(authentication: "WPA2-Personal", characters: 7, allowed: wpa2)
        ) {
            try credential("Home", "1234567").validate()
        }
        #expect(
            throws: RecordValueError.networkKeyLength(authentication: "WPA2-Personal", characters: 0, allowed: wpa2)
        ) {
            try credential("Home", "").validate()
        }
        #expect(
            throws: RecordValueError.networkKeyLength(authentication: "WPA2-Personal", characters: 64, allowed: wpa2)
        ) {
            try credential("Home", String(repeating: "z", count: 64)).validate()
        }
        #expect(
            throws: RecordValueError.networkKeyCharacter(authentication: "WPA2-Personal", scalar: 0xE9, position: 3)
        ) {
            try credential("Home", "clé-secrète").validate()
        }
        #expect(throws: RecordValueError.networkKeyNotAllowed(authentication: "Open")) {
            try credential("Guest", "secret12", .open, .none).validate()
        }
        #expect(throws: RecordValueError.self) { try credential("Old", "abcdef", .shared, .wep).validate() }
        #expect(
            RecordValueError.networkKeyLength(authentication: "WPA2-Personal", characters: 7, allowed: wpa2).sentence
                == "The WPA2-Personal network key has 7 characters; it takes a passphrase of 8 to 63 printable ASCII characters, or 64 hex digits (IEEE 802.11-2016 annex J.4.1)."
        )
    }
}
