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
            if value.isFinite, value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
                // A whole number is written as one (`2419200`, not Swift's `2419200.0`): the
                // same value, in the form every JSON reader and a person read the same way.
                out.append(contentsOf: String(Int64(value)).utf8)
            } else if value.isFinite {
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

    /// A JSON string. Besides what JSON requires, every character ``UnsafeText`` calls unsafe to
    /// show (C1 controls, line and paragraph separators, Bidi_Control, Default_Ignorable_Code_Point)
    /// is written as `\uXXXX` (a surrogate pair above U+FFFF): valid JSON that parses to the same
    /// string, and nothing a terminal showing it would act on, reorder or hide.
    public static func writeString(_ value: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let utf8 = Array(value.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte >= 0xC0, let (scalar, length) = unsafeScalar(utf8, at: index) {
                writeEscape(scalar, into: &out)
                index += length
                continue
            }
            index += 1
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

    /// The scalar the valid UTF-8 sequence starting at `index` (a lead byte, `C0`–`F7`) encodes,
    /// and its length, when it is one JSON text must not carry raw (``UnsafeText``); `nil`
    /// otherwise, or for a sequence cut short.
    public static func unsafeScalar<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> (
        UInt32, Int
    )? where Bytes.Index == Int {
        guard let (scalar, length) = scalar(bytes, at: index), UnsafeText.isUnsafeToShow(scalar) else { return nil }
        return (scalar.value, length)
    }

    /// The scalar the UTF-8 sequence starting at `index` (a lead byte, `C0`–`F7`) encodes, and its
    /// length; `nil` for a sequence cut short or a continuation byte out of place.
    public static func scalar<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> (
        Unicode.Scalar, Int
    )? where Bytes.Index == Int {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= bytes.endIndex else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let continuation = bytes[index + offset]
            guard continuation & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// `\\uXXXX` for `scalar`, a surrogate pair above U+FFFF.
    public static func writeEscape(_ scalar: UInt32, into out: inout [UInt8]) {
        func unit(_ value: UInt32) {
            out.append(contentsOf: Array("\\u".utf8))
            for shift in [12, 8, 4, 0] { out.append(hexDigits[Int(value >> UInt32(shift) & 0xF)]) }
        }
        if scalar > 0xFFFF {
            let offset = scalar - 0x10000
            unit(0xD800 | offset >> 10)
            unit(0xDC00 | offset & 0x3FF)
        } else {
            unit(scalar)
        }
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.0 == key })?.1
    }
}
