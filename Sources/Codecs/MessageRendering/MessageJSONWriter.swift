import NDEF
import TapCardSupport

/// Writes the `decode --json` shape straight into a byte buffer (no intermediate `JSON` tree, no
/// Foundation), so `decode --jsonl` can stream a million messages a second:
///
/// `{"records":[{"tnf":1,"type":"U","id":"","payload_hex":"04…","view":{"kind":"uri","uri":"…"}}]}`
///
/// `type` and `id` are the field bytes as UTF-8 text, or `"hex:…"` when they are not valid UTF-8;
/// `payload_hex` is lowercase hex. A record that breaks a type rule (`RecordProblem`) has
/// `"problems":["…"]` after its view; a record that keeps them all has no `problems` key.
public enum MessageJSONWriter {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `{"schema_version":1,"records":[…]}` for a message whose views were already decoded.
    public static func write(_ records: [NDEFRecord], views: [RecordView], into out: inout [UInt8]) {
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
    public static func record(_ record: NDEFRecord) -> JSON {
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
        writeProblems(record.problems, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `,"problems":["…",…]`, or nothing when there are none.
    static func writeProblems(_ problems: [RecordProblem], into out: inout [UInt8]) {
        guard !problems.isEmpty else { return }
        out.append(contentsOf: #","problems":["#.utf8)
        for (index, problem) in problems.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSON.writeString(problem.sentence, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    static func writeView(_ view: RecordView, into out: inout [UInt8]) {
        if case .mime(let mime) = view, let wifi = mime.wifi, let credential = wifi.credentials.first {
            writeWiFi(mime, credential, into: &out)
            return
        }
        if case .mime(let mime) = view, let bluetooth = mime.bluetooth {
            writeBluetooth(mime, bluetooth, into: &out)
            return
        }
        if case .uri(let uri) = view, let scheme = uri.schemeView {
            writeURIView(uri, scheme, into: &out)
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

    /// `{"kind":"tel"|"sms"|"mailto"|"geo","uri":…,…}`: the URI (under the `uri` key every URI
    /// view has, so a reader that knows only `uri` still finds it), then what it means — `number`
    /// (and `parameters`); `number`, `body`; `address`, `subject`, `body` (percent-decoded);
    /// `latitude`, `longitude` (and `altitude`) as JSON numbers with the digits written.
    private static func writeURIView(_ uri: URIRecord, _ scheme: URIView, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"kind":"#.utf8)
        JSON.writeString(scheme.kind, into: &out)
        member("uri", uri.uri, into: &out)
        if let warning = uri.warning { member("warning", warning, into: &out) }
        switch scheme {
        case .tel(let tel):
            member("number", tel.number, into: &out)
            if !tel.parameters.isEmpty { member("parameters", tel.parameters, into: &out) }
        case .sms(let sms):
            member("number", sms.number, into: &out)
            if let body = sms.body { member("body", body, into: &out) }
        case .mailto(let mailto):
            member("address", mailto.address, into: &out)
            if let subject = mailto.subject { member("subject", subject, into: &out) }
            if let body = mailto.body { member("body", body, into: &out) }
        case .geo(let geo):
            out.append(contentsOf: #","latitude":"#.utf8)
            writeDecimal(geo.latitude, into: &out)
            out.append(contentsOf: #","longitude":"#.utf8)
            writeDecimal(geo.longitude, into: &out)
            if let altitude = geo.altitude {
                out.append(contentsOf: #","altitude":"#.utf8)
                writeDecimal(altitude, into: &out)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// An RFC 5870 `[-]digits[.digits]` as a JSON number: the same digits, leading zeros of the
    /// integer part dropped (JSON allows none), so `-033.50` is `-33.50`.
    static func writeDecimal(_ text: String, into out: inout [UInt8]) {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") {
            out.append(UInt8(ascii: "-"))
            bytes = bytes.dropFirst()
        }
        while bytes.count > 1, bytes.first == UInt8(ascii: "0"), bytes[bytes.startIndex + 1] != UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
        }
        out.append(contentsOf: bytes)
    }

    /// `{"kind":"bluetooth","mime":…,"address":"00:1A:7D:DA:71:13","name":…,"device_class_hex":…,
    /// "eir":[{"type":N,"data_hex":…}]}` for Bluetooth OOB data: the address as Bluetooth writes
    /// it (uppercase, `:`), the name and the 24-bit class when present (6 lowercase hex digits),
    /// and every other EIR data structure by its type number.
    private static func writeBluetooth(_ mime: MIMERecord, _ bluetooth: BluetoothOOBRecord, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"kind":"bluetooth""#.utf8)
        member("mime", mime.type, into: &out)
        member("address", bluetooth.address.description, into: &out)
        if let name = bluetooth.name { member("name", name, into: &out) }
        if let deviceClass = bluetooth.deviceClass {
            member("device_class_hex", MessageDescription.classHex(deviceClass), into: &out)
        }
        out.append(contentsOf: #","eir":["#.utf8)
        for (index, structure) in bluetooth.otherDataStructures.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"type":"#.utf8)
            writeInt(Int(structure.type), into: &out)
            out.append(contentsOf: #","data_hex":""#.utf8)
            writeHex(structure.data, into: &out)
            out.append(contentsOf: #""}"#.utf8)
        }
        out.append(contentsOf: "]}".utf8)
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
