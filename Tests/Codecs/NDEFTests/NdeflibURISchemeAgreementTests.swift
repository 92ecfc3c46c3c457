import Foundation
import TapCardSupport
import Testing

@testable import NDEF

/// The `tel:`, `sms:`, `mailto:` and `geo:` builders against independent code: Python's ndeflib
/// 0.3.3 for the record (`ndef.UriRecord`) and Python's `urllib.parse` for the percent-encoding
/// inside the URIs. Each direction is checked: our bytes are ndeflib's bytes, our URI is the one
/// urllib's `quote` builds from the same words, and urllib's `unquote` reads what our view reads.
@Suite(
    "Agreement with ndeflib 0.3.3 and urllib: tel, sms, mailto, geo",
    .enabled(if: PythonNdeflib.shouldRun, PythonNdeflib.skipReason))
struct NdeflibURISchemeAgreementTests {
    private static let texts = [
        "", "hi", "Table 4 & café", "100% sure?", "a=b&c=d#e", "line 1\nline 2", "CR\rLF\r\n", "😀 /x:y@z",
        "!$'()*+,;:@-._~", "中文 ünï",
    ]
    private static let numbers = ["+15551234567", "+1-555-123-4567", "+44.20.7946.0958", "5550100", "*31#", "(0)30"]

    /// The words of one builder call, and our message as hex.
    struct URICase: Codable {
        var kind: String
        var number: String? = nil
        var address: String? = nil
        var subject: String? = nil
        var body: String? = nil
        var lat: String? = nil
        var lon: String? = nil
        var hex: String
    }

    struct URIPeer: Codable {
        /// ndeflib's encoding of `UriRecord(expected)`.
        var enc: String
        /// The URI Python builds from the words with urllib's quote.
        var expected: String
        /// The URI ndeflib decodes from our bytes.
        var iri: String
        /// The fields urllib's unquote reads from our URI's query.
        var fields: [String: String]
    }

    static let script = """
        import sys, json, re, ndef
        from urllib.parse import quote, unquote
        def fields(query):
            out = {}
            for part in query.split("&"):
                name, _, value = part.partition("=")
                out[unquote(name, errors="strict").lower()] = unquote(value, errors="strict")
            return out
        for line in open(sys.argv[1], encoding="utf-8"):
            c = json.loads(line)
            k = c["kind"]
            if k == "tel":
                uri = "tel:" + c["number"]
            elif k == "sms":
                uri = "sms:" + c["number"]
                if c.get("body") is not None:
                    uri += "?body=" + quote(c["body"], safe="")
            elif k == "mailto":
                qchar = "!$'()*+,;:@"
                uri = "mailto:" + quote(c["address"], safe=qchar.replace(",", ""))
                hf = []
                if c.get("subject") is not None:
                    hf.append("subject=" + quote(c["subject"], safe=qchar))
                if c.get("body") is not None:
                    hf.append("body=" + quote(re.sub(r"\\r\\n|\\r|\\n", "\\r\\n", c["body"]), safe=qchar))
                if hf:
                    uri += "?" + "&".join(hf)
            else:
                uri = "geo:%s,%s" % (c["lat"], c["lon"])
            (ours,) = ndef.message_decoder(bytes.fromhex(c["hex"]), errors="strict")
            query = ours.iri.partition("?")[2]
            print(json.dumps({
                "enc": b"".join(ndef.message_encoder([ndef.UriRecord(uri)])).hex(),
                "expected": uri, "iri": ours.iri, "fields": fields(query) if query else {}}))
        """

    @Test("URIs: our bytes are ndeflib's, our percent-encoding is urllib's, and both read them back alike")
    func uris() throws {
        #expect(PythonNdeflib.isAvailable, "ndeflib 0.3.3 is required (TAPCARD_REQUIRE_PEERS is set)")
        var cases: [(URICase, NDEFRecord)] = []
        func add(_ record: NDEFRecord, _ item: URICase) {
            var item = item
            item.hex = Hex.encode(NDEFMessage(records: [record]).encoded())
            cases.append((item, record))
        }
        for number in Self.numbers {
            add(try .telephone(number), URICase(kind: "tel", number: number, hex: ""))
            for body in [nil] + Self.texts {
                add(try .sms(number: number, body: body), URICase(kind: "sms", number: number, body: body, hex: ""))
            }
        }
        for address in ["ada@example.com", "a.b+tag@sub.example.org", "o'hara@example.ie", "用户@例子.广告", "a%b@c.d"] {
            for (index, text) in Self.texts.enumerated() {
                let subject = index % 3 == 0 ? nil : text
                let body = index % 2 == 0 ? text : nil
                add(
                    try .mailto(address: address, subject: subject, body: body),
                    URICase(kind: "mailto", address: address, subject: subject, body: body, hex: ""))
            }
        }
        for (lat, lon) in [
            ("-33.8568", "151.2153"), ("90", "-180"), ("0", "0"), ("48.2082", "16.3738"), ("-0.5", "179.9999999"),
        ] {
            add(try .geo(latitude: lat, longitude: lon), URICase(kind: "geo", lat: lat, lon: lon, hex: ""))
        }

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-ndeflib-uri-\(getpid()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let lines = try cases.map { String(decoding: try JSONEncoder().encode($0.0), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        let output = try PythonNdeflib.run(script: Self.script, arguments: [url.path])
        let peers = try output.split(separator: "\n").map {
            try JSONDecoder().decode(URIPeer.self, from: Data($0.utf8))
        }
        try #require(peers.count == cases.count)

        for ((item, record), peer) in zip(cases, peers) {
            guard case .uri(let uri) = record.view else {
                Issue.record("not a URI record: \(item)")
                continue
            }
            // Our URI is the one Python builds from the same words; our bytes are ndeflib's.
            #expect(uri.uri == peer.expected, "\(item.kind): ours \(uri.uri), urllib \(peer.expected)")
            #expect(item.hex == peer.enc, "\(peer.expected)")
            #expect(peer.iri == uri.uri)
            // What urllib's unquote reads from our URI is what our view reads.
            switch uri.schemeView {
            case .sms(let sms):
                #expect(sms.number == item.number)
                #expect(sms.body == peer.fields["body"], "\(uri.uri)")
            case .mailto(let mail):
                #expect(mail.address == item.address)
                #expect(mail.subject == peer.fields["subject"], "\(uri.uri)")
                #expect(mail.body == peer.fields["body"], "\(uri.uri)")
            case .tel(let tel):
                #expect(tel.number == item.number)
            case .geo(let geo):
                #expect(geo.latitude == item.lat && geo.longitude == item.lon)
            case nil:
                Issue.record("no sub-view for \(uri.uri)")
            }
        }
        print("ndeflib agreement (URI schemes): \(cases.count) URIs")
    }
}
