import NDEF
import TapCardSupport

/// Writes the `decode --json` shape straight into a byte buffer (no intermediate `JSON` tree, no
/// Foundation), so `decode --jsonl` can stream a million messages a second:
///
/// `{"records":[{"tnf":1,"type":"U","id":"","payload_hex":"04…","view":{"kind":"uri","uri":"…"}}]}`
///
/// `type` and `id` are the field bytes as UTF-8 text, or `"hex:…"` when they are not valid UTF-8;
/// `payload_hex` is lowercase hex.
enum MessageJSONWriter {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `{"schema_version":1,"records":[…]}` for a message whose views were already decoded.
    static func write(_ records: [NDEFRecord], views: [RecordView], into out: inout [UInt8]) {
        out.append(contentsOf: #"{"schema_version":1,"records":["#.utf8)
        for index in records.indices {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            write(records[index], view: views[index], into: &out)
        }
        out.append(contentsOf: "]}".utf8)
    }

    /// `{"schema_version":1,"error":{"message":"…","origin":"input","offset":N}}`: one line of
    /// `decode --jsonl` that did not decode (the error shape of every command, without the exit
    /// status, which belongs to the whole run).
    static func writeError(_ sentence: String, offset: Int?, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"schema_version":1,"error":{"message":"#.utf8)
        JSON.writeString(sentence, into: &out)
        out.append(contentsOf: #","origin":"input""#.utf8)
        if let offset {
            out.append(contentsOf: #","offset":"#.utf8)
            writeInt(offset, into: &out)
        }
        out.append(contentsOf: "}}".utf8)
    }

    /// One record, the shape every command uses for a record, as a `JSON` fragment.
    static func record(_ record: NDEFRecord) -> JSON {
        var out: [UInt8] = []
        write(record, view: record.view, into: &out)
        return .raw(out)
    }

    static func write(_ record: NDEFRecord, view: RecordView, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"tnf":"#.utf8)
        writeInt(Int(record.tnf.rawValue), into: &out)
        out.append(contentsOf: #","type":"#.utf8)
        writeField(record.type, into: &out)
        out.append(contentsOf: #","id":"#.utf8)
        writeField(record.id, into: &out)
        out.append(contentsOf: #","payload_hex":""#.utf8)
        writeHex(record.payload, into: &out)
        out.append(contentsOf: #"","view":"#.utf8)
        writeView(view, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    static func writeView(_ view: RecordView, into out: inout [UInt8]) {
        if case .mime(let mime) = view, let wifi = mime.wifi, let credential = wifi.credentials.first {
            writeWiFi(mime, credential, into: &out)
            return
        }
        out.append(contentsOf: #"{"kind":"#.utf8)
        JSON.writeString(view.kind, into: &out)
        switch view {
        case .empty, .unknown:
            break
        case .uri(let uri):
            member("uri", uri.uri, into: &out)
            if let warning = uri.warning { member("warning", warning, into: &out) }
        case .text(let text):
            member("text", text.text, into: &out)
            member("lang", text.language, into: &out)
            member("encoding", text.encoding.rawValue, into: &out)
        case .smartPoster(let poster):
            member("uri", poster.uri.uri, into: &out)
            if let warning = poster.uri.warning { member("warning", warning, into: &out) }
            out.append(contentsOf: #","titles":{"#.utf8)
            var seen: Set<String> = []
            for title in poster.titles where seen.insert(title.language).inserted {
                if seen.count > 1 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(title.language, into: &out)
                out.append(UInt8(ascii: ":"))
                JSON.writeString(title.text, into: &out)
            }
            out.append(UInt8(ascii: "}"))
            if let action = poster.action { member("action", action.name, into: &out) }
            if let size = poster.size {
                out.append(contentsOf: #","size":"#.utf8)
                writeInt(Int(size), into: &out)
            }
            if let type = poster.type { member("type", type, into: &out) }
            if let icon = poster.icon { member("icon", icon.type, into: &out) }
        case .mime(let mime):
            member("mime", mime.type, into: &out)
            if let text = mime.text { member("text", text, into: &out) }
        case .external(let external):
            member("type", external.type, into: &out)
        case .androidApplication(let aar):
            member("package", aar.package, into: &out)
        case .absoluteURI(let absolute):
            member("uri", absolute.uri, into: &out)
        case .invalid(let error):
            member("error", error.sentence, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `{"kind":"wifi","mime":…,"ssid":…,"auth":…,"encryption":…,"key":…}` for the first network
    /// of a Wi-Fi Simple Configuration token; SSID and key as text, or `hex:…` when not UTF-8.
    private static func writeWiFi(_ mime: MIMERecord, _ credential: WiFiCredential, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"kind":"wifi""#.utf8)
        member("mime", mime.type, into: &out)
        out.append(contentsOf: #","ssid":"#.utf8)
        writeField(credential.ssid, into: &out)
        member("auth", credential.authentication.name, into: &out)
        member("encryption", credential.encryption.name, into: &out)
        out.append(contentsOf: #","key":"#.utf8)
        writeField(credential.networkKey, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func member(_ key: StaticString, _ value: String, into out: inout [UInt8]) {
        out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\"")])
        key.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        JSON.writeString(value, into: &out)
    }

    /// A TYPE or ID field: its UTF-8 text, or `hex:` and lowercase hex when not valid UTF-8.
    static func writeField(_ bytes: [UInt8], into out: inout [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.utf8.elementsEqual(bytes) {
            JSON.writeString(text, into: &out)
        } else {
            out.append(contentsOf: #""hex:"#.utf8)
            writeHex(bytes, into: &out)
            out.append(UInt8(ascii: "\""))
        }
    }

    static func writeHex(_ bytes: [UInt8], into out: inout [UInt8]) {
        for byte in bytes {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0F)])
        }
    }

    static func writeInt(_ value: Int, into out: inout [UInt8]) {
        guard value >= 0 else {
            out.append(contentsOf: String(value).utf8)
            return
        }
        if value >= 10 { writeInt(value / 10, into: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
