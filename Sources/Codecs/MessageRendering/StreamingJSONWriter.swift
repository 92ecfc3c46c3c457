import NDEF
import TapCardSupport

/// The fast path of `decode --jsonl`: writes the same JSON as ``MessageJSONWriter`` straight
/// from the input bytes, with no per-record allocation, for the messages bulk input is made of
/// (unchunked records of every kind except Smart Posters, UTF-8 text, standard URI codes).
///
/// It never decides that input is invalid: on anything it does not handle, or anything that might
/// be an error, it writes nothing and returns false, and the caller runs the strict decoder
/// (``DecodedMessage/decode(_:problems:)``), which gives the output or the error. Tests check that
/// both paths write identical bytes wherever the fast path answers. The typed views of `tel:`,
/// `sms:`, `mailto:` and `geo:` URIs and of Bluetooth and Wi-Fi records are left to the strict path;
/// a typed record without a type gets the same `problems` member (or, when problems are refused,
/// the strict path's error).
enum StreamingJSONWriter {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
    private static let prefixes: [[UInt8]] = URIRecord.prefixes.map { Array($0.utf8) }
    private static let aarType: [UInt8] = Array("android.com:pkg".utf8)

    /// Appends `{"records":[…]}` for `bytes` and returns true, or appends nothing and returns false.
    static func write(
        _ bytes: UnsafeBufferPointer<UInt8>, into out: ByteSink, problems: RecordProblemPolicy = .flag
    ) -> Bool {
        guard !bytes.isEmpty else { return false }
        let mark = out.count
        if writeMessage(bytes, into: out, problems: problems) { return true }
        out.truncate(to: mark)
        return false
    }

    /// The same, into an array (for tests and single messages).
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        let sink = ByteSink(capacity: 4 * bytes.count + 64)
        guard write(bytes, into: sink) else { return false }
        out.append(contentsOf: sink.bytes)
        return true
    }

    private typealias Bytes = UnsafeBufferPointer<UInt8>

    /// Walks the records of a message under the strict decoder's rules for unchunked messages
    /// (MB on the first record only, ME on the last with nothing after it, lengths in bounds, TNF
    /// 0–5, empty records empty, TNF 5 without a type, printable ASCII type names), calling `body`
    /// for each. False at the first thing it does not accept or when `body` returns false.
    private static func forEachRecord(
        _ b: Bytes, _ body: (_ tnf: UInt8, _ type: Bytes, _ id: Bytes, _ payload: Bytes) -> Bool
    ) -> Bool {
        let count = b.count
        guard count > 0 else { return false }
        var pos = 0
        var first = true
        while true {
            guard pos < count else { return false }
            let header = b[pos]
            let tnf = header & 0x07
            let isShort = header & 0x10 != 0
            let hasID = header & 0x08 != 0
            guard (header & 0x80 != 0) == first, header & 0x20 == 0, tnf <= 5 else { return false }
            var at = pos + 1
            guard at + 1 + (isShort ? 1 : 4) + (hasID ? 1 : 0) <= count else { return false }
            let typeLength = Int(b[at])
            at += 1
            var payloadLength: Int
            if isShort {
                payloadLength = Int(b[at])
                at += 1
            } else {
                payloadLength = Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
                at += 4
            }
            var idLength = 0
            if hasID {
                idLength = Int(b[at])
                at += 1
            }
            guard payloadLength >= 0, payloadLength <= count, at + typeLength + idLength + payloadLength <= count else {
                return false
            }
            if tnf == 0 && (typeLength | idLength | payloadLength) != 0 { return false }
            if tnf == 5 && typeLength != 0 { return false }
            let type = Bytes(rebasing: b[at..<(at + typeLength)])
            at += typeLength
            let id = Bytes(rebasing: b[at..<(at + idLength)])
            at += idLength
            let payload = Bytes(rebasing: b[at..<(at + payloadLength)])
            at += payloadLength
            if tnf >= 1 && tnf <= 4 {
                for byte in type where byte < 0x20 || byte > 0x7E { return false }
            }
            guard body(tnf, type, id, payload) else { return false }
            first = false
            pos = at
            if header & 0x40 != 0 { return pos == count }
        }
    }

    /// `,"problems":[…]` for a typed record without a type, by TNF (1–4), as MessageJSONWriter
    /// writes it.
    private static let emptyTypeProblems: [[UInt8]] = (0...4).map { value in
        guard let tnf = TypeNameFormat(rawValue: UInt8(value)), value >= 1 else { return [] }
        var out: [UInt8] = []
        MessageJSONWriter.writeProblems([.emptyType(tnf)], into: &out)
        return out
    }

    private static func writeMessage(_ b: Bytes, into out: ByteSink, problems: RecordProblemPolicy) -> Bool {
        append(#"{"schema_version":1,"records":["#, to: out)
        var first = true
        let accepted = forEachRecord(b) { tnf, type, id, payload in
            guard isValidUTF8(id) else { return false }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            append(#"{"tnf":"#, to: out)
            out.append(UInt8(ascii: "0") + tnf)
            append(#","type":"#, to: out)
            writeString(type, into: out)
            append(#","id":"#, to: out)
            writeString(id, into: out)
            append(#","payload_hex":""#, to: out)
            writeHex(payload, into: out)
            append(#"","view":"#, to: out)
            guard writeView(tnf: tnf, type: type, payload: payload, into: out) else { return false }
            if tnf >= 1 && tnf <= 4 && type.isEmpty {
                guard problems == .flag else { return false }
                out.append(emptyTypeProblems[Int(tnf)])
            }
            out.append(UInt8(ascii: "}"))
            return true
        }
        guard accepted else { return false }
        append("]}", to: out)
        return true
    }

    private static func isType(_ type: Bytes, _ name: StaticString) -> Bool {
        type.count == name.utf8CodeUnitCount && type.elementsEqual(Bytes(start: name.utf8Start, count: type.count))
    }

    /// A URI payload the fast path can show: a defined code, UTF-8, and not a scheme with a typed
    /// view (codes 0x05 `tel:` and 0x06 `mailto:`, or code 0 and one of `tel:`, `sms:`, `mailto:`,
    /// `geo:` in any case), which the strict path writes.
    private static func isSimpleURI(_ payload: Bytes) -> Bool {
        guard let code = payload.first, Int(code) < prefixes.count, code != 0x05, code != 0x06 else { return false }
        let rest = Bytes(rebasing: payload[1...])
        if code == 0
            && (startsCaseInsensitive(rest, "tel:") || startsCaseInsensitive(rest, "sms:")
                || startsCaseInsensitive(rest, "mailto:") || startsCaseInsensitive(rest, "geo:"))
        {
            return false
        }
        guard isValidUTF8(rest) else { return false }
        // A URI holding a character the URI rule refuses (``URIRecord/isRefusedInURI(_:)``: white
        // space, a control, a character unsafe to show) is left to the strict path, which flags it
        // as a problem, or refuses it.
        var index = 0
        while index < rest.count {
            let byte = rest[index]
            if byte <= 0x20 || byte == 0x7F { return false }
            if byte >= 0xC0 {
                guard let (scalar, _) = JSON.scalar(rest, at: index), !URIRecord.isRefusedInURI(scalar) else {
                    return false
                }
            }
            index += 1
        }
        return true
    }

    private static func writeURI(_ payload: Bytes, into out: ByteSink) {
        out.append(UInt8(ascii: "\""))
        prefixes[Int(payload[0])].withUnsafeBufferPointer { escape($0, into: out) }
        escape(Bytes(rebasing: payload[1...]), into: out)
        out.append(UInt8(ascii: "\""))
    }

    /// The language and text of a UTF-8 Text payload the strict decoder accepts, or nil.
    private static func simpleText(_ payload: Bytes) -> (language: Bytes, text: Bytes)? {
        guard let status = payload.first, status & 0x80 == 0 else { return nil }
        let languageLength = Int(status & 0x3F)
        guard languageLength > 0, 1 + languageLength <= payload.count else { return nil }
        let language = Bytes(rebasing: payload[1..<(1 + languageLength)])
        for byte in language where byte < 0x20 || byte > 0x7E { return nil }
        let text = Bytes(rebasing: payload[(1 + languageLength)...])
        guard isValidUTF8(text) else { return nil }
        return (language, text)
    }

    /// A Smart Poster view (RTD-SP 1.0) when every nested URI and title is simple; false otherwise.
    private static func writeSmartPoster(_ payload: Bytes, into out: ByteSink) -> Bool {
        var uri: Bytes? = nil
        var uriCount = 0
        var action: UInt8? = nil
        var size: Int? = nil
        var contentType: Bytes? = nil
        var icon: Bytes? = nil
        let valid = forEachRecord(payload) { tnf, type, _, nested in
            if tnf == 1 && isType(type, "U") {
                guard isSimpleURI(nested) else { return false }
                uriCount += 1
                uri = nested
            } else if tnf == 1 && isType(type, "T") {
                guard simpleText(nested) != nil else { return false }
            } else if tnf == 1 && isType(type, "act") && nested.count == 1 && action == nil {
                action = nested[0]
            } else if tnf == 1 && isType(type, "s") && nested.count == 4 && size == nil {
                size = Int(nested[0]) << 24 | Int(nested[1]) << 16 | Int(nested[2]) << 8 | Int(nested[3])
            } else if tnf == 1 && isType(type, "t") && contentType == nil && isValidUTF8(nested) {
                contentType = nested
            } else if tnf == 2 && icon == nil && type.count >= 6
                && (Self.startsCaseInsensitive(type, "image/") || Self.startsCaseInsensitive(type, "video/"))
            {
                icon = type
            }
            return true
        }
        guard valid, uriCount == 1, let uri, (action ?? 0) <= 2 else { return false }
        append(#"{"kind":"smartposter","uri":"#, to: out)
        writeURI(uri, into: out)
        append(#","titles":{"#, to: out)
        var written = 0
        var index = 0
        _ = forEachRecord(payload) { tnf, type, _, nested in
            defer { index += 1 }
            guard tnf == 1 && isType(type, "T"), let title = simpleText(nested) else { return true }
            // The first title of each language wins, as in SmartPoster.titlesByLanguage.
            var earlier = 0
            var duplicate = false
            _ = forEachRecord(payload) { tnf2, type2, _, nested2 in
                defer { earlier += 1 }
                guard earlier < index else { return false }
                if tnf2 == 1 && isType(type2, "T"), let other = simpleText(nested2),
                    other.language.elementsEqual(title.language)
                {
                    duplicate = true
                    return false
                }
                return true
            }
            if duplicate { return true }
            if written > 0 { out.append(UInt8(ascii: ",")) }
            written += 1
            writeString(title.language, into: out)
            out.append(UInt8(ascii: ":"))
            writeString(title.text, into: out)
            return true
        }
        out.append(UInt8(ascii: "}"))
        if let action {
            append(#","action":"#, to: out)
            switch action {
            case 0: append(#""do""#, to: out)
            case 1: append(#""save""#, to: out)
            default: append(#""edit""#, to: out)
            }
        }
        if let size {
            append(#","size":"#, to: out)
            writeInt(size, into: out)
        }
        if let contentType {
            append(#","type":"#, to: out)
            writeString(contentType, into: out)
        }
        if let icon {
            append(#","icon":"#, to: out)
            writeString(icon, into: out)
        }
        out.append(UInt8(ascii: "}"))
        return true
    }

    private static func startsCaseInsensitive(_ bytes: Bytes, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let lowered = Bytes(start: prefix.utf8Start, count: count)
        for index in 0..<count {
            let byte = bytes[index]
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if lower != lowered[index] { return false }
        }
        return true
    }

    private static func writeView(
        tnf: UInt8, type: UnsafeBufferPointer<UInt8>, payload: UnsafeBufferPointer<UInt8>, into out: ByteSink
    ) -> Bool {
        switch tnf {
        case 0:
            append(#"{"kind":"empty"}"#, to: out)
        case 1 where isType(type, "U"):
            guard isSimpleURI(payload) else { return false }
            append(#"{"kind":"uri","uri":"#, to: out)
            writeURI(payload, into: out)
            out.append(UInt8(ascii: "}"))
        case 1 where isType(type, "T"):
            guard let (language, text) = simpleText(payload) else { return false }
            append(#"{"kind":"text","text":"#, to: out)
            writeString(text, into: out)
            append(#","lang":"#, to: out)
            writeString(language, into: out)
            append(#","encoding":"UTF-8"}"#, to: out)
        case 1 where isType(type, "Sp"):
            return writeSmartPoster(payload, into: out)
        case 1, 5:
            append(#"{"kind":"unknown"}"#, to: out)
        case 2:
            // Wi-Fi tokens and Bluetooth OOB data have their own views: the strict path writes them.
            if startsCaseInsensitive(type, "application/vnd.wfa.wsc") { return false }
            if startsCaseInsensitive(type, "application/vnd.bluetooth.") { return false }
            append(#"{"kind":"mime","mime":"#, to: out)
            writeString(type, into: out)
            if isValidUTF8(payload), MIMERecord.isTextual(type: String(decoding: type, as: UTF8.self)) {
                append(#","text":"#, to: out)
                writeString(payload, into: out)
            }
            out.append(UInt8(ascii: "}"))
        case 3:
            append(#"{"kind":"absolute-uri","uri":"#, to: out)
            writeString(type, into: out)
            out.append(UInt8(ascii: "}"))
        case 4:
            if type.count == aarType.count && zip(type, aarType).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                guard isValidUTF8(payload) else { return false }
                append(#"{"kind":"aar","package":"#, to: out)
                writeString(payload, into: out)
                out.append(UInt8(ascii: "}"))
            } else {
                append(#"{"kind":"external","type":"#, to: out)
                writeString(type, into: out)
                out.append(UInt8(ascii: "}"))
            }
        default:
            return false
        }
        return true
    }

    /// Both lowercase hex digits of every byte, as they lie in memory (first digit at the lower
    /// address): one 16-bit store per byte.
    private static let hexPairs: [UInt16] = (0...255).map { value in
        let digits = Array("0123456789abcdef".utf8)
        return UInt16(digits[value >> 4]) | UInt16(digits[value & 0x0F]) << 8
    }

    /// Lowercase hex, written in one pass into space reserved up front.
    private static func writeHex(_ bytes: Bytes, into out: ByteSink) {
        let target = UnsafeMutableRawPointer(out.extend(by: 2 * bytes.count))
        hexPairs.withUnsafeBufferPointer { pairs in
            var at = 0
            for byte in bytes {
                target.storeBytes(of: pairs[Int(byte)].littleEndian, toByteOffset: at, as: UInt16.self)
                at += 2
            }
        }
    }

    /// A non-negative decimal, as `MessageJSONWriter.writeInt` writes it.
    private static func writeInt(_ value: Int, into out: ByteSink) {
        var digits: [UInt8] = []
        MessageJSONWriter.writeInt(value, into: &digits)
        out.append(digits)
    }

    @inline(__always)
    private static func append(_ text: StaticString, to out: ByteSink) {
        out.append(text)
    }

    /// A JSON string of valid UTF-8 bytes, escaped exactly as `JSON.writeString` does.
    private static func writeString(_ bytes: UnsafeBufferPointer<UInt8>, into out: ByteSink) {
        out.append(UInt8(ascii: "\""))
        escape(bytes, into: out)
        out.append(UInt8(ascii: "\""))
    }

    /// 1 for the bytes a JSON string escapes: C0 controls, `"`, `\`, DEL; 2 for the lead bytes
    /// of the scalars `JSON.writeString` also escapes (C1 controls `C2 80…9F`; bidi controls and
    /// separators `E2 80 A8…AE`, `E2 81 A6…A9`), which are looked at more closely.
    private static let escaped: [UInt8] = (0...255).map {
        $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F ? 1 : ($0 >= 0xC0 ? 2 : 0)
    }

    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: ByteSink) {
        escaped.withUnsafeBufferPointer { escaped in escape(bytes, table: escaped, into: out) }
    }

    private static func escape(
        _ bytes: UnsafeBufferPointer<UInt8>, table escaped: UnsafeBufferPointer<UInt8>, into out: ByteSink
    ) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let kind = escaped[Int(byte)]
            if kind == 0 {
                index += 1
                continue
            }
            if kind == 2 {
                guard let (scalar, length) = JSON.unsafeScalar(bytes, at: index) else {
                    index += 1
                    continue
                }
                if runStart < index { out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                var escape: [UInt8] = []
                JSON.writeEscape(scalar, into: &escape)
                escape.withUnsafeBufferPointer { out.append($0) }
                index += length
                runStart = index
                continue
            }
            if runStart < index { out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            out.append(0x5C)
            switch byte {
            case 0x22: out.append(0x22)
            case 0x5C: out.append(0x5C)
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            default:
                out.append("u00")
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
            index += 1
            runStart = index
        }
        if runStart < bytes.count { out.append(UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// Well-formed UTF-8 (Unicode 15, table 3-7): no overlongs, no surrogates, nothing above U+10FFFF.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        while index < count {
            // Eight ASCII bytes at a time: no byte with its high bit set.
            if index + 8 <= count,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return false }
            var next = index + 2
            while next < index + length {
                guard bytes[next] & 0xC0 == 0x80 else { return false }
                next += 1
            }
            index += length
        }
        return true
    }
}
