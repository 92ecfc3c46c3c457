/// Hexadecimal text ⇄ bytes, as people type it: spaces, colons, commas and `0x` prefixes allowed.
public enum Hex {
    private static let lowerDigits = Array("0123456789abcdef".utf8)
    private static let upperDigits = Array("0123456789ABCDEF".utf8)

    /// Lowercase (or uppercase) hex of `bytes`, with `separator` between bytes.
    public static func encode(
        _ bytes: some Sequence<UInt8>, uppercase: Bool = false, separator: String = ""
    ) -> String {
        let digits = uppercase ? upperDigits : lowerDigits
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * (2 + separator.utf8.count))
        var first = true
        for byte in bytes {
            if !first { out.append(contentsOf: separator.utf8) }
            first = false
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses hex text. Whitespace, `:`, `,`, `-` and `0x`/`0X` prefixes are ignored; anything
    /// else, or an odd number of digits, is an error naming the character offset.
    public static func decode(_ text: some StringProtocol) throws(HexError) -> [UInt8] {
        try decode(utf8: Array(text.utf8)[...])
    }

    /// Like ``decode(_:)`` for text already held as UTF-8 bytes (e.g. one line of a large file),
    /// without building a `String` first. Offsets are byte offsets into `utf8`.
    public static func decode(utf8 text: ArraySlice<UInt8>) throws(HexError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 2)
        try decode(utf8: text, appendingTo: &bytes)
        return bytes
    }

    /// Like ``decode(utf8:)`` but appends to `bytes`, so a caller decoding many lines can reuse
    /// one buffer. On error, `bytes` may hold the bytes decoded before the bad character.
    public static func decode(utf8 text: ArraySlice<UInt8>, appendingTo bytes: inout [UInt8]) throws(HexError) {
        // One table lookup per character: 0–15 a digit, `separator` a skippable separator,
        // `invalid` anything else. Offsets count from the first byte of `text`.
        let table = classes
        var high: UInt8 = 0
        var hasHigh = false
        var pendingOffset = 0
        let result: HexError? = text.withUnsafeBufferPointer { utf8 -> HexError? in
            var index = 0
            let count = utf8.count
            while index < count {
                let c = utf8[index]
                if c == UInt8(ascii: "0"), !hasHigh, index + 1 < count, utf8[index + 1] | 0x20 == UInt8(ascii: "x") {
                    index += 2
                    continue
                }
                let value = table[Int(c)]
                if value < 16 {
                    if hasHigh {
                        bytes.append(high << 4 | value)
                        hasHigh = false
                    } else {
                        high = value
                        hasHigh = true
                        pendingOffset = index
                    }
                } else if value == separator {
                    if hasHigh { return .oddDigits(offset: pendingOffset) }
                } else {
                    return .invalidCharacter(offset: index)
                }
                index += 1
            }
            return hasHigh ? .oddDigits(offset: pendingOffset) : nil
        }
        if let result { throw result }
    }

    private static let separator: UInt8 = 0xFE
    private static let invalid: UInt8 = 0xFF

    /// For each byte value: its hex digit value, ``separator`` for whitespace, `:`, `,` and `-`,
    /// or ``invalid``.
    private static let classes: [UInt8] = (0...255).map { value in
        let c = UInt8(value)
        if let digit = nibble(c) { return digit }
        switch c {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "-"): return separator
        default: return invalid
        }
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Hex text that is not hex.
public enum HexError: TapCardError, Equatable {
    /// A character that is neither a hex digit nor an allowed separator, at this character offset.
    case invalidCharacter(offset: Int)
    /// A hex digit without its partner: bytes are written as two digits.
    case oddDigits(offset: Int)

    public var origin: ErrorOrigin { .input }

    public var offset: Int {
        switch self {
        case .invalidCharacter(let offset), .oddDigits(let offset): offset
        }
    }

    public var sentence: String {
        switch self {
        case .invalidCharacter(let offset):
            "The hex text has a character that is not a hex digit at character \(offset)."
        case .oddDigits(let offset):
            "The hex text has a lone digit at character \(offset); every byte needs two digits."
        }
    }
}
