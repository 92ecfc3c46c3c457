import Foundation
import Testing

@testable import NDEF

/// Agreement with Python's ndeflib 0.3.3 on a generated set of messages: our decode equals its
/// decode, and our encode equals its encode, wherever both are defined. The set is written to one
/// file and read by one `python3` process.
@Suite("Agreement with ndeflib 0.3.3", .enabled(if: PythonNdeflib.shouldRun, PythonNdeflib.skipReason))
struct NdeflibAgreementTests {
    /// How ndeflib builds a record (`k`: uri, text, sp, or rec for a generic `ndef.Record`).
    struct Spec: Codable {
        var k: String
        var uri: String? = nil
        var text: String? = nil
        var lang: String? = nil
        var enc: String? = nil
        var titles: [[String]]? = nil
        var action: String? = nil
        var type: String? = nil
        var data: String? = nil
        var id: String? = nil
        var ssid: String? = nil
        var key: String? = nil
        var auth: Int? = nil
        var wenc: Int? = nil
    }

    struct Line: Codable {
        var hex: String
        var build: [Spec]
    }

    /// A decoded record as both sides describe it.
    struct Described: Codable, Equatable {
        var type: String
        var id: String
        var uri: String? = nil
        var text: String? = nil
        var lang: String? = nil
        var enc: String? = nil
        var titles: [String: String]? = nil
        var action: String? = nil
        var data: String? = nil
        var ssid: String? = nil
        var key: String? = nil
        var auth: Int? = nil
        var wenc: Int? = nil
    }

    struct PeerResult: Codable {
        var dec: [Described]?
        var dec_err: String?
        var enc: String?
        var enc_err: String?
    }

    /// One generated case: the record as our builders make it, the spec for ndeflib, and the
    /// bytes to decode (which differ from our builders' bytes only for UTF-16 with a FE FF BOM).
    struct Case {
        var records: [NDEFRecord]
        var wire: [UInt8]
        var specs: [Spec]
    }

    static let script = """
        import sys, json, ndef
        def norm(r):
            d = {"type": r.type, "id": r.name}
            if isinstance(r, ndef.UriRecord):
                d["uri"] = r.iri
            elif isinstance(r, ndef.TextRecord):
                d.update(text=r.text, lang=r.language, enc=r.encoding)
            elif isinstance(r, ndef.SmartposterRecord):
                d.update(uri=r.resource.iri, titles=dict(r.titles), action=r.action)
            elif isinstance(r, ndef.WifiSimpleConfigRecord):
                c = r.get_attribute("credential")
                d.update(ssid=c["ssid"][0].hex(), key=c["network-key"][0].hex(),
                         auth=int.from_bytes(c[0x1003][0], "big"), wenc=int.from_bytes(c[0x100F][0], "big"))
            else:
                d["data"] = r.data.hex()
            return d
        def build(s):
            k = s["k"]
            if k == "uri":
                r = ndef.UriRecord(s["uri"])
            elif k == "text":
                r = ndef.TextRecord(s["text"], s["lang"], s["enc"])
            elif k == "wifi":
                c = ndef.wifi.Credential()
                c.set_attribute("network-index", 1)
                c.set_attribute("ssid", bytes.fromhex(s["ssid"]))
                c.set_attribute("authentication-type", s["auth"])
                c.set_attribute("encryption-type", s["wenc"])
                c.set_attribute("network-key", bytes.fromhex(s["key"]))
                c.set_attribute("mac-address", b"\\xff" * 6)
                r = ndef.WifiSimpleConfigRecord()
                r.set_attribute("credential", c)
                r.set_attribute("vendor-extension", b"\\x00\\x37\\x2a", b"\\x00\\x01\\x20")
                r.set_attribute("version-1", 0x10)
            elif k == "sp":
                r = ndef.SmartposterRecord(s["uri"], dict(s["titles"]) if s["titles"] else None, action=s.get("action"))
            else:
                r = ndef.Record(s["type"], "", bytes.fromhex(s["data"]))
            if s.get("id"):
                r.name = s["id"]
            return r
        out = []
        for line in open(sys.argv[1], encoding="utf-8"):
            c = json.loads(line)
            o = {}
            try:
                o["dec"] = [norm(r) for r in ndef.message_decoder(bytes.fromhex(c["hex"]), errors="strict")]
            except Exception as e:
                o["dec_err"] = "%s: %s" % (type(e).__name__, e)
            try:
                o["enc"] = b"".join(ndef.message_encoder([build(s) for s in c["build"]])).hex()
            except Exception as e:
                o["enc_err"] = "%s: %s" % (type(e).__name__, e)
            out.append(json.dumps(o))
        sys.stdout.write("\\n".join(out) + "\\n")
        """

    // MARK: Generating the set

    private static let texts = ["", "Hello", "héllo wörld", "中文字", "😀 emoji 🇫🇷", "tab\tand\nnewline", "a"]
    private static let languages = ["en", "fr", "de-CH", "zh-Hant", "ja"]

    private static func uriCase(_ uri: String, id: String? = nil) -> (NDEFRecord, Spec) {
        var record = NDEFRecord.uri(uri)
        if let id { record.id = Array(id.utf8) }
        return (record, Spec(k: "uri", uri: uri, id: id))
    }

    private static func textCase(_ text: String, _ language: String, _ layout: UTF16Layout?, id: String? = nil)
        -> (record: NDEFRecord, wire: NDEFRecord, spec: Spec)
    {
        let encoding: TextEncoding = layout == nil ? .utf8 : .utf16
        var ours = NDEFRecord.text(text, language: language, encoding: encoding)
        var wire = TextRecord(text, language: language, encoding: encoding, utf16Layout: layout ?? .littleEndianWithBOM)
            .record
        if let id {
            ours.id = Array(id.utf8)
            wire.id = ours.id
        }
        return (ours, wire, Spec(k: "text", text: text, lang: language, enc: encoding.rawValue, id: id))
    }

    private static func genericCase(_ record: NDEFRecord) -> Spec {
        let type: String
        switch record.tnf {
        case .empty: type = ""
        case .wellKnown: type = "urn:nfc:wkt:" + String(decoding: record.type, as: UTF8.self)
        case .external: type = "urn:nfc:ext:" + String(decoding: record.type, as: UTF8.self)
        case .unknown: type = "unknown"
        default: type = String(decoding: record.type, as: UTF8.self)
        }
        let id = record.id.isEmpty ? nil : String(decoding: record.id, as: UTF8.self)
        return Spec(k: "rec", type: type, data: record.payload.map { String(format: "%02x", $0) }.joined(), id: id)
    }

    static func generate() -> [Case] {
        var cases: [Case] = []
        func single(_ record: NDEFRecord, _ spec: Spec, wire: NDEFRecord? = nil) {
            cases.append(
                Case(records: [record], wire: NDEFMessage(records: [wire ?? record]).encoded(), specs: [spec]))
        }
        // Every URI identifier code, with several rests.
        for (code, prefix) in URIRecord.prefixes.enumerated() {
            for rest in ["example.com", "a/b?c=d#e", "ünïcode/路径", ""] where !(code == 0 && rest.isEmpty) {
                let (record, spec) = uriCase(prefix + rest)
                single(record, spec)
            }
        }
        // Text in UTF-8, UTF-16 with FF FE (ndeflib's own form) and with FE FF.
        for text in texts {
            for language in languages {
                for layout in [nil, UTF16Layout.littleEndianWithBOM, .bigEndianWithBOM] {
                    let (record, wire, spec) = textCase(text, language, layout)
                    single(record, spec, wire: wire)
                }
            }
        }
        var random = RecordGenerator(seed: 0xA9EE_0001)
        // Long records: payloads of 256 bytes and more.
        for size in [255, 256, 257, 1_000, 4_096] {
            let mime = NDEFRecord.mime(type: "application/octet-stream", payload: random.random.bytes(size))
            single(mime, genericCase(mime))
            let long = String(repeating: "long text ", count: size / 10 + 1)
            let (record, wire, spec) = textCase(long, "en", nil)
            single(record, spec, wire: wire)
            let (uriRecord, uriSpec) = uriCase("https://example.com/" + String(repeating: "p", count: size))
            single(uriRecord, uriSpec)
        }
        // Smart posters: URI, titles by language, action.
        for index in 0..<60 {
            let uri = URIRecord.prefixes[index % 36] + "poster\(index)"
            let titleCount = index % 4
            let titles = (0..<titleCount).map { [languages[$0], texts[(index + $0) % texts.count]] }
            let action: SmartPosterAction? = index % 4 == 3 ? nil : SmartPosterAction(rawValue: UInt8(index % 3))
            let poster = SmartPoster(
                uri: URIRecord(uri: uri), titles: titles.map { TextRecord($0[1], language: $0[0]) }, action: action)
            let name: String? = action.map { ["exec", "save", "edit"][Int($0.rawValue)] }
            single(poster.record, Spec(k: "sp", uri: uri, titles: titles, action: name))
        }
        // MIME, external, AAR, absolute URI, empty, unknown; with and without IDs.
        for index in 0..<60 {
            let id: String? = index % 3 == 0 ? "id\(index)" : nil
            var record: NDEFRecord
            switch index % 6 {
            case 0:
                record = .mime(type: "text/vcard", payload: Array("BEGIN:VCARD\r\nFN:N\(index)\r\nEND:VCARD\r\n".utf8))
            case 1: record = .mime(type: "image/png", payload: random.random.bytes(index * 5))
            case 2: record = .external(type: "example.com:type\(index)", payload: random.random.bytes(index % 17))
            case 3: record = .androidApplication(package: "com.example.app\(index)")
            case 4:
                record = .absoluteURI("https://example.com/schema/\(index)", payload: random.random.bytes(index % 9))
            default: record = NDEFRecord(tnf: .unknown, type: [UInt8](), payload: random.random.bytes(index % 13))
            }
            if let id { record.id = Array(id.utf8) }
            single(record, genericCase(record))
        }
        // Wi-Fi Simple Configuration tokens: SSIDs and keys of every length, each security type.
        for index in 0..<40 {
            let ssid = random.random.bytes(1 + index % 32)
            let key = Array("pass-\(index)-".utf8) + Array(repeating: UInt8(0x61 + index % 26), count: index % 50)
            let authentication = [0x0001, 0x0002, 0x0004, 0x0008, 0x0010, 0x0020][index % 6]
            let encryption = [0x0001, 0x0002, 0x0004, 0x0008][index % 4]
            let record = WiFiRecord(credentials: [
                WiFiCredential(
                    ssid: ssid, networkKey: key, authentication: WiFiAuthentication(rawValue: UInt16(authentication)),
                    encryption: WiFiEncryption(rawValue: UInt16(encryption)))
            ]).record
            let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
            single(record, Spec(k: "wifi", ssid: hex(ssid), key: hex(key), auth: authentication, wenc: encryption))
        }
        // Multi-record messages mixing every kind, with IDs.
        for index in 0..<150 {
            var records: [NDEFRecord] = []
            var wires: [NDEFRecord] = []
            var specs: [Spec] = []
            for position in 0..<(2 + index % 4) {
                let id: String? = (index + position) % 4 == 0 ? "r\(position)" : nil
                switch (index + position) % 5 {
                case 0:
                    let (record, spec) = uriCase("https://example.com/\(index)/\(position)", id: id)
                    records.append(record)
                    wires.append(record)
                    specs.append(spec)
                case 1:
                    let layout: UTF16Layout? = [nil, .littleEndianWithBOM, .bigEndianWithBOM][index % 3]
                    let (record, wire, spec) = textCase(
                        texts[index % texts.count], languages[index % 5], layout, id: id)
                    records.append(record)
                    wires.append(wire)
                    specs.append(spec)
                case 2:
                    let poster = SmartPoster(
                        uri: URIRecord(uri: "tel:+1555\(index)"), titles: [TextRecord("T\(index)")])
                    records.append(poster.record)
                    wires.append(poster.record)
                    specs.append(Spec(k: "sp", uri: "tel:+1555\(index)", titles: [["en", "T\(index)"]]))
                case 3:
                    var record = NDEFRecord.external(
                        type: "example.org:m\(position)", payload: random.random.bytes(index % 11))
                    if let id { record.id = Array(id.utf8) }
                    records.append(record)
                    wires.append(record)
                    specs.append(genericCase(record))
                default:
                    records.append(.empty)
                    wires.append(.empty)
                    specs.append(genericCase(.empty))
                }
            }
            cases.append(Case(records: records, wire: NDEFMessage(records: wires).encoded(), specs: specs))
        }
        return cases
    }

    // MARK: Describing our side

    static func describe(_ record: NDEFRecord, _ view: RecordView) -> Described {
        let spec = genericCase(record)
        var described = Described(type: spec.type ?? "", id: String(decoding: record.id, as: UTF8.self))
        switch view {
        case .uri(let uri): described.uri = uri.uri
        case .text(let text):
            described.text = text.text
            described.lang = text.language
            described.enc = text.encoding.rawValue
        case .smartPoster(let poster):
            described.uri = poster.uri.uri
            described.titles = poster.titlesByLanguage
            described.action = poster.action.map { ["exec", "save", "edit"][Int(min($0.rawValue, 2))] }
        case .mime(let mime) where mime.wifi != nil:
            let credential = mime.wifi?.credentials.first
            let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
            described.ssid = credential.map { hex($0.ssid) }
            described.key = credential.map { hex($0.networkKey) }
            described.auth = credential.map { Int($0.authentication.rawValue) }
            described.wenc = credential.map { Int($0.encryption.rawValue) }
        default: described.data = spec.data
        }
        return described
    }

    @Test("≥ 500 generated messages: our decode equals ndeflib's decode, our encode its encode")
    func agreement() throws {
        #expect(PythonNdeflib.isAvailable, "ndeflib 0.3.3 is required (TAPCARD_REQUIRE_PEERS is set)")
        guard PythonNdeflib.isAvailable else { return }
        let cases = Self.generate()
        #expect(cases.count >= 500)
        let encoder = JSONEncoder()
        var file = Data()
        for item in cases {
            let line = Line(hex: item.wire.map { String(format: "%02x", $0) }.joined(), build: item.specs)
            file.append(try encoder.encode(line))
            file.append(0x0A)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-ndeflib-\(getpid()).jsonl")
        try file.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let output = try PythonNdeflib.run(script: Self.script, arguments: [url.path])
        let results = try output.split(separator: "\n").map {
            try JSONDecoder().decode(PeerResult.self, from: Data($0.utf8))
        }
        try #require(results.count == cases.count)

        var decodeCompared = 0
        var encodeCompared = 0
        for (item, peer) in zip(cases, results) {
            let ours = try DecodedMessage.decode(item.wire)
            #expect(ours.message.records.count == item.records.count)
            if let theirs = peer.dec {
                let mine = zip(ours.message.records, ours.views).map { Self.describe($0, $1) }
                #expect(mine == theirs, "decode differs for \(item.wire.map { String(format: "%02x", $0) }.joined())")
                decodeCompared += 1
            }
            if let theirs = peer.enc {
                let mine = NDEFMessage(records: item.records).encoded().map { String(format: "%02x", $0) }.joined()
                #expect(mine == theirs, "encode differs for \(item.specs.map(\.k))")
                encodeCompared += 1
            }
        }
        // Both sides must be defined on nearly the whole set, or the comparison proves little.
        #expect(decodeCompared >= 500, "ndeflib decoded \(decodeCompared) of \(cases.count)")
        #expect(encodeCompared >= 500, "ndeflib encoded \(encodeCompared) of \(cases.count)")
        print(
            "ndeflib agreement: \(cases.count) messages, decode compared on \(decodeCompared), encode on \(encodeCompared)"
        )
        let undefined = zip(cases, results).filter { $1.dec == nil || $1.enc == nil }.prefix(5)
        for (item, peer) in undefined {
            print("ndeflib undefined on \(item.specs.map(\.k)): \(peer.dec_err ?? "") \(peer.enc_err ?? "")")
        }
    }
}
