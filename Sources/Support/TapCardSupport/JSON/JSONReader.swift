/// Reads a JSON document (RFC 8259) into ``JSON``, for the dump files other tools write
/// (Proxmark3's `hf mfu dump` JSON among them).
///
/// Total: any bytes give a value or a ``JSONReadError`` with its line and byte offset. It never
/// recurses deeper than ``maximumDepth`` and never allocates by a size the text declares. Object
/// members keep their order; a repeated name keeps every occurrence (``JSON/subscript(_:)`` finds
/// the first), so a reader that cares can refuse it.
public struct JSONReader {
    /// Deeper than any dump format nests (Proxmark3 uses 3 levels).
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1

    /// The document in `bytes`, which must hold one value and nothing after it but whitespace.
    public static func read(_ bytes: [UInt8]) throws(JSONReadError) -> JSON {
        var reader = JSONReader(bytes: bytes)
        // A UTF-8 byte order mark is allowed before the text (RFC 8259 §8.1 lets readers skip it).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        if let byte = reader.peek() {
            throw .unexpected(byte: byte, expected: "the end of the text", line: reader.line, offset: reader.offset)
        }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            if byte == 0x0A { line += 1 }
            offset += 1
        }
    }

    private mutating func next(expected: String) throws(JSONReadError) -> UInt8 {
        guard let byte = peek() else { throw .truncated(expected: expected, line: line, offset: offset) }
        offset += 1
        return byte
    }

    private mutating func value(depth: Int) throws(JSONReadError) -> JSON {
        skipWhitespace()
        guard depth < Self.maximumDepth else { throw .tooDeep(line: line, offset: offset) }
        guard let byte = peek() else { throw .truncated(expected: "a value", line: line, offset: offset) }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw .unexpected(byte: byte, expected: "a value", line: line, offset: offset)
        }
    }

    private mutating func literal(_ word: String, _ value: JSON) throws(JSONReadError) -> JSON {
        for expected in word.utf8 {
            let start = offset
            let byte = try next(expected: "'\(word)'")
            guard byte == expected else {
                throw .unexpected(byte: byte, expected: "'\(word)'", line: line, offset: start)
            }
        }
        return value
    }

    private mutating func object(depth: Int) throws(JSONReadError) -> JSON {
        offset += 1
        var members: [(String, JSON)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            let start = offset
            let quote = try next(expected: "a member name")
            guard quote == UInt8(ascii: "\"") else {
                throw .unexpected(byte: quote, expected: "a member name in quotes", line: line, offset: start)
            }
            offset -= 1
            let name = try string()
            skipWhitespace()
            let colonAt = offset
            let colon = try next(expected: "':'")
            guard colon == UInt8(ascii: ":") else {
                throw .unexpected(byte: colon, expected: "':'", line: line, offset: colonAt)
            }
            members.append((name, try value(depth: depth + 1)))
            skipWhitespace()
            let separatorAt = offset
            let separator = try next(expected: "',' or '}'")
            if separator == UInt8(ascii: "}") { return .object(members) }
            guard separator == UInt8(ascii: ",") else {
                throw .unexpected(byte: separator, expected: "',' or '}'", line: line, offset: separatorAt)
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONReadError) -> JSON {
        offset += 1
        var elements: [JSON] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            let separatorAt = offset
            let separator = try next(expected: "',' or ']'")
            if separator == UInt8(ascii: "]") { return .array(elements) }
            guard separator == UInt8(ascii: ",") else {
                throw .unexpected(byte: separator, expected: "',' or ']'", line: line, offset: separatorAt)
            }
        }
    }

    private mutating func string() throws(JSONReadError) -> String {
        offset += 1
        var utf8: [UInt8] = []
        while true {
            let start = offset
            let byte = try next(expected: "the closing '\"'")
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escaped = try next(expected: "an escape")
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): try unicodeEscape(into: &utf8, start: start)
                default: throw .unexpected(byte: escaped, expected: "an escape", line: line, offset: offset - 1)
                }
            case 0x00..<0x20:
                throw .unexpected(byte: byte, expected: "a string character", line: line, offset: start)
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func hexUnit() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = try next(expected: "a hex digit")
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .badEscape(line: line, offset: offset - 1)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private mutating func unicodeEscape(into utf8: inout [UInt8], start: Int) throws(JSONReadError) {
        var scalar = try hexUnit()
        if (0xD800..<0xDC00).contains(scalar) {
            guard try next(expected: "a low surrogate") == UInt8(ascii: "\\"),
                try next(expected: "a low surrogate") == UInt8(ascii: "u")
            else { throw .badEscape(line: line, offset: start) }
            let low = try hexUnit()
            guard (0xDC00..<0xE000).contains(low) else { throw .badEscape(line: line, offset: start) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw .badEscape(line: line, offset: start) }
        utf8.append(contentsOf: String(Character(unicode)).utf8)
    }

    private mutating func number() throws(JSONReadError) -> JSON {
        let start = offset
        var isInteger = true
        if peek() == UInt8(ascii: "-") { offset += 1 }
        func digits(_ reader: inout JSONReader) throws(JSONReadError) {
            guard let first = reader.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                if let byte = reader.peek() {
                    throw .unexpected(byte: byte, expected: "a digit", line: reader.line, offset: reader.offset)
                }
                throw .truncated(expected: "a digit", line: reader.line, offset: reader.offset)
            }
            while let byte = reader.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                reader.offset += 1
            }
        }
        try digits(&self)
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            try digits(&self)
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            try digits(&self)
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw .badNumber(line: line, offset: start) }
        return .double(value)
    }
}
