/// A JSON value whose objects keep their keys in the order written, so output is stable and reads
/// the way the documentation shows it.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])
    /// Already-serialized JSON text (a record from the one record encoder, `MessageJSONWriter`).
    case raw([UInt8])

    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// Compact JSON text, one line.
    public func serialized() -> String {
        var out: [UInt8] = []
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends compact JSON text to `out`.
    public func write(into out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .double(let value):
            if value.isFinite {
                out.append(contentsOf: String(value).utf8)
            } else {
                out.append(contentsOf: "null".utf8)
            }
        case .string(let value): Self.writeString(value, into: &out)
        case .raw(let bytes): out.append(contentsOf: bytes)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.0, into: &out)
                out.append(UInt8(ascii: ":"))
                member.1.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string. Besides what JSON requires, C1 controls (U+0080–009F), the bidi embeddings,
    /// overrides and isolates (U+202A–202E, U+2066–2069) and the line and paragraph separators
    /// (U+2028, U+2029) are written as `\uXXXX`: valid JSON, and nothing a terminal showing it
    /// would act on or reorder.
    public static func writeString(_ value: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let utf8 = Array(value.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            if byte == 0xC2, index < utf8.count, (0x80...0x9F).contains(utf8[index]) {
                writeEscape(UInt16(utf8[index]), into: &out)
                index += 1
                continue
            }
            if byte == 0xE2, index + 1 < utf8.count, let scalar = unsafeE2(utf8[index], utf8[index + 1]) {
                writeEscape(scalar, into: &out)
                index += 2
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20, 0x7F:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The scalar `E2 b1 b2` encodes when it is one JSON text must not carry raw.
    public static func unsafeE2(_ b1: UInt8, _ b2: UInt8) -> UInt16? {
        let scalar = 0x2000 | UInt16(b1 & 0x3F) << 6 | UInt16(b2 & 0x3F)
        switch scalar {
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return b1 & 0xC0 == 0x80 && b2 & 0xC0 == 0x80 ? scalar : nil
        default: return nil
        }
    }

    /// `\\uXXXX` for `scalar`.
    public static func writeEscape(_ scalar: UInt16, into out: inout [UInt8]) {
        out.append(contentsOf: Array("\\u".utf8))
        for shift in [12, 8, 4, 0] { out.append(hexDigits[Int(scalar >> UInt16(shift) & 0xF)]) }
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.0 == key })?.1
    }
}
