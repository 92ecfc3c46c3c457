/// RFC 4648 base64, read leniently as vCard writers produce it: whitespace left by line folding is
/// skipped and the final `=` padding may be missing. Used for vCard 2.1 `ENCODING=BASE64` and 3.0
/// `ENCODING=b` on text properties (some phones export non-ASCII names this way).
enum Base64 {
    /// The bytes `text` encodes, or nil when it is not base64 (a stray character, a lone final
    /// character, padding in the middle).
    static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 4 * 3 + 3)
        var accumulator: UInt32 = 0
        var count = 0
        var padding = 0
        for character in text {
            if character == 0x20 || character == 0x09 || character == 0x0D || character == 0x0A { continue }
            if character == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            // Data after padding is not base64.
            guard padding == 0, let value = sextet(character) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            count += 1
            if count == 4 {
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                bytes.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator = 0
                count = 0
            }
        }
        switch count {
        case 0: break
        case 2: bytes.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        case 3:
            bytes.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            bytes.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        default: return nil
        }
        return padding <= 2 ? bytes : nil
    }

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
