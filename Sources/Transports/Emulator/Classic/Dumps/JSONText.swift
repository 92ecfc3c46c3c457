/// A JSON value as RFC 8259 writes it, read by a total parser (any bytes give a value or a
/// ``ClassicDumpError/json(offset:reason:)`` naming the byte), for the Proxmark3 dumps. Numbers
/// stay text: a dump's numbers are keys and hex strings.
indirect enum JSONText: Sendable, Equatable {
    case object([(key: String, value: JSONText)])
    case array([JSONText])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    static func == (lhs: JSONText, rhs: JSONText) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)), (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// Deeper nesting than a dump has; refused before the stack is at risk.
    static let maximumDepth = 32

    subscript(key: String) -> JSONText? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    static func parse(_ bytes: [UInt8]) throws(ClassicDumpError) -> JSONText {
        var reader = Reader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.fail("text after the JSON value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        func fail(_ reason: String) -> ClassicDumpError { .json(offset: index, reason: reason) }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws(ClassicDumpError) -> JSONText {
            guard depth < JSONText.maximumDepth else { throw fail("nested deeper than \(JSONText.maximumDepth)") }
            skipSpace()
            guard index < bytes.count else { throw fail("the text ends where a value should be") }
            switch bytes[index] {
            case 0x7B: return try object(depth: depth)
            case 0x5B: return try array(depth: depth)
            case 0x22: return .string(try string())
            case 0x74: return try literal("true", .bool(true))
            case 0x66: return try literal("false", .bool(false))
            case 0x6E: return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func literal(_ word: String, _ value: JSONText) throws(ClassicDumpError) -> JSONText {
            let utf8 = Array(word.utf8)
            guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
                throw fail("not a JSON value")
            }
            index += utf8.count
            return value
        }

        mutating func number() throws(ClassicDumpError) -> JSONText {
            let start = index
            while index < bytes.count,
                (0x30...0x39).contains(bytes[index]) || [0x2D, 0x2B, 0x2E, 0x65, 0x45].contains(bytes[index])
            {
                index += 1
            }
            guard index > start else { throw fail("not a JSON value") }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        mutating func string() throws(ClassicDumpError) -> String {
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case 0x22: return String(decoding: out, as: UTF8.self)
                case 0x5C:
                    guard index < bytes.count else { throw fail("the text ends inside a string") }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case 0x22, 0x5C, 0x2F: out.append(escaped)
                    case 0x62: out.append(0x08)
                    case 0x66: out.append(0x0C)
                    case 0x6E: out.append(0x0A)
                    case 0x72: out.append(0x0D)
                    case 0x74: out.append(0x09)
                    case 0x75:
                        guard bytes.count - index >= 4,
                            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                        else { throw fail("a \\u escape without four hex digits") }
                        index += 4
                        // A lone surrogate becomes U+FFFD: dump keys never hold one.
                        out += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                    default: throw fail("an unknown escape")
                    }
                case 0x00..<0x20: throw fail("a control character inside a string")
                default: out.append(byte)
                }
            }
            throw fail("the text ends inside a string")
        }

        mutating func array(depth: Int) throws(ClassicDumpError) -> JSONText {
            index += 1
            var items: [JSONText] = []
            skipSpace()
            if index < bytes.count, bytes[index] == 0x5D {
                index += 1
                return .array(items)
            }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw fail("the text ends inside an array") }
                index += 1
                if bytes[index - 1] == 0x5D { return .array(items) }
                guard bytes[index - 1] == 0x2C else { throw fail("no ',' or ']' after an array item") }
            }
        }

        mutating func object(depth: Int) throws(ClassicDumpError) -> JSONText {
            index += 1
            var members: [(key: String, value: JSONText)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == 0x7D {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == 0x22 else { throw fail("an object member without a name") }
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == 0x3A else { throw fail("no ':' after a member name") }
                index += 1
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw fail("the text ends inside an object") }
                index += 1
                if bytes[index - 1] == 0x7D { return .object(members) }
                guard bytes[index - 1] == 0x2C else { throw fail("no ',' or '}' after an object member") }
            }
        }
    }
}
