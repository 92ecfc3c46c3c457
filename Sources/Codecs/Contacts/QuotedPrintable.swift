/// Quoted-printable (RFC 2045 §6.7), as vCard 2.1 uses it for non-ASCII and multi-line values.
enum QuotedPrintable {
    /// Decodes `=XX` escapes. Soft line breaks are joined before this is called; an `=` not
    /// followed by two hex digits is kept as written (tolerant, never a failure).
    static func decode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "="), index + 2 < input.count,
                let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
                continue
            }
            out.append(byte)
            index += 1
        }
        return out
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
