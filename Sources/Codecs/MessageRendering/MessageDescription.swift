import NDEF
import TapCardSupport

/// The human-readable form of a decoded message, as `tapcard decode` prints it by default.
public enum MessageDescription {
    public static func lines(
        _ message: NDEFMessage, views: [RecordView], locations: [RecordLocation], inputLength: Int
    ) -> [String] {
        let count = message.records.count
        var lines = ["NDEF message: \(count) record\(count == 1 ? "" : "s"), \(inputLength) bytes"]
        for (index, record) in message.records.enumerated() {
            let view = index < views.count ? views[index] : record.view
            var head = "[\(index + 1)] " + summary(record, view: view)
            if index < locations.count, locations[index].chunkCount > 1 {
                head += "  (reassembled from \(locations[index].chunkCount) chunks)"
            }
            lines.append(head)
            lines += details(record, view: view).map { "    " + $0 }
            lines += record.problems.map { "    problem: " + $0.sentence }
            var fields = "TNF \(record.tnf.rawValue) (\(record.tnf.name))"
            if !record.type.isEmpty { fields += ", type \(quoted(record.type))" }
            if !record.id.isEmpty { fields += ", id \(quoted(record.id))" }
            fields += ", payload \(record.payload.count) byte\(record.payload.count == 1 ? "" : "s")"
            lines.append("    " + fields)
        }
        return lines.map(visible)
    }

    /// `line` with every control character (C0, DEL, C1) written as an escape: a tag's text is
    /// untrusted, and printed raw an ESC sequence would drive the terminal (clear it, retitle it,
    /// recolour what follows) and a line break would forge lines of this description.
    static func visible(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: isControl) else { return line }
        var result = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func summary(_ record: NDEFRecord, view: RecordView) -> String {
        switch view {
        case .empty: "Empty record"
        case .uri(let uri):
            switch uri.schemeView {
            case .tel(let tel): "Telephone: \(tel.number)\(tel.parameters)"
            case .sms(let sms): "SMS to \(sms.number)"
            case .mailto(let mailto): "Email to \(mailto.address)"
            case .geo(let geo): "Location: \(geo.latitude), \(geo.longitude)"
            case nil: "URI: \(uri.uri)"
            }
        case .text(let text): "Text (\(text.language), \(text.encoding.rawValue)): \(text.text)"
        case .smartPoster(let poster): "Smart poster: \(poster.uri.uri)"
        case .mime(let mime):
            if let bluetooth = mime.bluetooth {
                "Bluetooth device: \(bluetooth.address)"
            } else if let credential = mime.wifi?.credentials.first {
                "Wi-Fi network: \(credential.ssidText ?? "hex:" + Hex.encode(credential.ssid)) (\(credential.authentication.name), \(credential.encryption.name))"
            } else {
                mime.type.isEmpty ? "MIME record without a type" : "MIME \(mime.type)"
            }
        case .external(let external):
            external.type.isEmpty ? "External record without a type" : "External type \(external.type)"
        case .androidApplication(let aar): "Android application: \(aar.package)"
        case .absoluteURI(let absolute):
            absolute.uri.isEmpty ? "Absolute-URI record without a type" : "Absolute-URI type \(absolute.uri)"
        case .unknown(let tnf, _, _): "Unknown record (TNF \(tnf.rawValue), \(tnf.name))"
        case .invalid(let error): "Malformed \(quoted(record.type)) record: \(error.sentence)"
        }
    }

    private static func details(_ record: NDEFRecord, view: RecordView) -> [String] {
        switch view {
        case .uri(let uri):
            var lines: [String] = []
            switch uri.schemeView {
            case .sms(let sms):
                if let body = sms.body { lines.append("body: " + body) }
            case .mailto(let mailto):
                if let subject = mailto.subject { lines.append("subject: " + subject) }
                if let body = mailto.body { lines.append("body: " + body) }
            case .geo(let geo):
                if let altitude = geo.altitude { lines.append("altitude: \(altitude) m") }
            case .tel, nil:
                break
            }
            if uri.schemeView != nil { lines.append("uri: " + uri.uri) }
            if let warning = uri.warning { lines.append("warning: " + warning) }
            return lines
        case .smartPoster(let poster):
            var lines: [String] = []
            if let warning = poster.uri.warning { lines.append("warning: " + warning) }
            for title in poster.titles { lines.append("title (\(title.language)): \(title.text)") }
            if let action = poster.action { lines.append("action: \(action.name)") }
            if let size = poster.size { lines.append("size: \(size) bytes (as the poster declares)") }
            if let type = poster.type { lines.append("type: \(type)") }
            if let icon = poster.icon { lines.append("icon: \(icon.type), \(icon.payload.count) bytes") }
            if !poster.otherRecords.isEmpty { lines.append("other nested records: \(poster.otherRecords.count)") }
            return lines
        case .mime(let mime):
            if let bluetooth = mime.bluetooth {
                var lines: [String] = []
                if let name = bluetooth.name {
                    lines.append((bluetooth.nameIsShortened ? "name (shortened): " : "name: ") + name)
                }
                if let deviceClass = bluetooth.deviceClass {
                    lines.append("class of device: 0x" + classHex(deviceClass).uppercased())
                }
                for structure in bluetooth.otherDataStructures {
                    let data = structure.data.isEmpty ? "(empty)" : Hex.encode(structure.data, separator: " ")
                    let name = structure.typeName.map { " (\($0))" } ?? ""
                    lines.append("EIR 0x\(Hex.encode([structure.type], uppercase: true))\(name): \(data)")
                }
                return lines
            }
            if let wifi = mime.wifi, let credential = wifi.credentials.first {
                var lines = ["key: " + (credential.networkKeyText ?? "hex:" + Hex.encode(credential.networkKey))]
                if wifi.credentials.count > 1 { lines.append("networks in this token: \(wifi.credentials.count)") }
                return lines
            }
            if let text = mime.text {
                // "\r\n" is one Character in Swift, so it is a separator of its own.
                var textLines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
                if textLines.count > 1, textLines.last?.isEmpty == true { textLines.removeLast() }
                return textLines.map { "| " + $0 }
            }
            return payloadHex(record.payload)
        case .external, .absoluteURI, .unknown:
            return payloadHex(record.payload)
        case .empty, .text, .androidApplication, .invalid:
            return []
        }
    }

    /// A 24-bit class of device as 6 lowercase hex digits.
    static func classHex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    private static func payloadHex(_ payload: [UInt8]) -> [String] {
        guard !payload.isEmpty else { return [] }
        let shown = payload.prefix(64)
        let more = payload.count > shown.count ? " … (\(payload.count - shown.count) more)" : ""
        return ["payload: " + Hex.encode(shown, separator: " ") + more]
    }

    private static func quoted(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.utf8.elementsEqual(bytes), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            return "\"\(text)\""
        }
        return "hex:" + Hex.encode(bytes)
    }
}
