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
        // Offsets count from the first byte of `text`, whatever the slice's start index.
        let utf8 = text
        let base = text.startIndex
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var pending: UInt8? = nil
        var pendingOffset = 0
        var index = 0
        while index < utf8.count {
            let c = utf8[base + index]
            if c == UInt8(ascii: "0"), index + 1 < utf8.count,
                utf8[base + index + 1] == UInt8(ascii: "x") || utf8[base + index + 1] == UInt8(ascii: "X"),
                pending == nil
            {
                index += 2
                continue
            }
            if let value = nibble(c) {
                if let high = pending {
                    bytes.append(high << 4 | value)
                    pending = nil
                } else {
                    pending = value
                    pendingOffset = index
                }
            } else if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: ":")
                || c == UInt8(ascii: ",") || c == UInt8(ascii: "-")
            {
                if pending != nil { throw HexError.oddDigits(offset: pendingOffset) }
            } else {
                throw HexError.invalidCharacter(offset: index)
            }
            index += 1
        }
        if pending != nil { throw HexError.oddDigits(offset: pendingOffset) }
        return bytes
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
