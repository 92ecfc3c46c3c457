import TapCardSupport

/// One line of a batch of SUN verification requests (what `tapcard sun verify --jsonl` reads, and
/// what a backend verifying many taps can read the same way): a URL alone (the keys come from the options), or a JSON
/// object `{"url": "…", "meta_key": "HEX32", "file_key": "HEX32"}` whose keys replace the options',
/// or `{"url": "…", "master_key": "HEX32"}` whose tag's keys derive from that master key.
///
/// The object reader is total and strict: string members only (`null` counts as absent), the
/// escapes of RFC 8259 §7, no member twice, no member it does not know, nothing after the object.
/// A batch line that could be read two ways is refused, as a URL whose SUN fields repeat is.
public struct SUNBatchLine: Equatable, Sendable {
    public var url: String
    public var metaKey: String?
    public var fileKey: String?
    /// The master key this tag's keys derive from (`"master_key"`), instead of a key pair.
    public var masterKey: String?

    public init(url: String, metaKey: String? = nil, fileKey: String? = nil, masterKey: String? = nil) {
        self.url = url
        self.metaKey = metaKey
        self.fileKey = fileKey
        self.masterKey = masterKey
    }

    /// Why a line is not a batch line, as a sentence.
    public struct Malformed: Error, Equatable {
        public var reason: String
    }

    static let members: Set<String> = ["url", "meta_key", "file_key", "master_key"]

    /// Reads one line (without its terminator).
    public static func parse(_ line: Substring) throws(Malformed) -> SUNBatchLine {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.first == "{" else {
            return SUNBatchLine(url: String(line))
        }
        var reader = Reader(bytes: Array(trimmed.utf8))
        let object = try reader.object()
        guard let url = object["url"] else { throw Malformed(reason: "the object has no \"url\" member") }
        return SUNBatchLine(
            url: url, metaKey: object["meta_key"], fileKey: object["file_key"], masterKey: object["master_key"])
    }

    /// A JSON object of strings, read byte by byte.
    struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(Malformed) {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else {
                throw Malformed(reason: "expected \(what) at byte \(index + 1)")
            }
            index += 1
        }

        mutating func object() throws(Malformed) -> [String: String] {
            try expect(UInt8(ascii: "{"), "{")
            var out: [String: String] = [:]
            var seen: Set<String> = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
            } else {
                while true {
                    skipSpace()
                    let name = try string()
                    guard SUNBatchLine.members.contains(name) else {
                        throw Malformed(
                            reason: "the object has a member \"\(name)\"; known are url, meta_key, file_key, master_key"
                        )
                    }
                    guard seen.insert(name).inserted else {
                        throw Malformed(reason: "the object has \"\(name)\" twice")
                    }
                    try expect(UInt8(ascii: ":"), ":")
                    skipSpace()
                    if bytes[index...].starts(with: "null".utf8) {
                        index += 4
                    } else {
                        out[name] = try string()
                    }
                    skipSpace()
                    guard index < bytes.count else { throw Malformed(reason: "the object does not end") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    try expect(UInt8(ascii: "}"), ", or }")
                    break
                }
            }
            skipSpace()
            guard index == bytes.count else { throw Malformed(reason: "text follows the object at byte \(index + 1)") }
            return out
        }

        mutating func string() throws(Malformed) -> String {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw Malformed(reason: "expected a string at byte \(index + 1)")
            }
            index += 1
            // The common string (a URL, a key) is ASCII without an escape: one scan to its closing
            // quote, and ASCII needs no UTF-8 validation.
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
                (0x20..<0x80).contains(bytes[end])
            {
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end + 1
                return text
            }
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    let text = String(decoding: out, as: UTF8.self)
                    // Decoding repairs bad UTF-8 with U+FFFD: a repaired string is refused.
                    guard text.utf8.elementsEqual(out) else { throw Malformed(reason: "a string is not UTF-8") }
                    return text
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw Malformed(reason: "a string ends in a backslash") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard bytes[index...].starts(with: "\\u".utf8) else {
                                throw Malformed(reason: "a string has a lone surrogate")
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else {
                                throw Malformed(reason: "a string has a lone surrogate")
                            }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else {
                            throw Malformed(reason: "a string has a lone surrogate")
                        }
                        out += Array(String(Character(unicode)).utf8)
                    default:
                        throw Malformed(reason: "a string has an unknown escape at byte \(index)")
                    }
                case 0x00..<0x20:
                    throw Malformed(reason: "a string holds a control character at byte \(index)")
                default:
                    out.append(byte)
                }
            }
            throw Malformed(reason: "a string does not end")
        }

        mutating func hex4() throws(Malformed) -> UInt32 {
            guard index + 4 <= bytes.count else { throw Malformed(reason: "a \\u escape is cut short") }
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 4)] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                    throw Malformed(reason: "a \\u escape is not hex")
                }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }
    }
}
