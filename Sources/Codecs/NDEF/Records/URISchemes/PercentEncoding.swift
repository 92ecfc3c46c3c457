/// Percent-encoding (RFC 3986 §2.1) as the `sms:` and `mailto:` schemes use it: text is UTF-8,
/// and every byte outside a scheme's allowed set is written `%XX` (uppercase hex, §2.1 "should").
enum PercentEncoding {
    /// RFC 3986 §2.3 unreserved characters: ALPHA / DIGIT / "-" / "." / "_" / "~".
    static func isUnreserved(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
            || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }

    private static let digits = Array("0123456789ABCDEF".utf8)

    /// `text` with every UTF-8 byte that `allowed` refuses written as `%XX`.
    static func encode(_ text: String, allowed: (UInt8) -> Bool) -> String {
        var out: [UInt8] = []
        for byte in text.utf8 {
            if allowed(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text `encoded` stands for, or `nil` when a `%` is not followed by two hex digits or the
    /// decoded bytes are not UTF-8 (a parser of URIs is total: it says "not this shape" instead of
    /// guessing).
    static func decode(_ encoded: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = encoded.utf8[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let high = hexValue(utf8[utf8.startIndex]),
                let low = hexValue(utf8[utf8.index(after: utf8.startIndex)])
            else { return nil }
            bytes.append(high << 4 | low)
            utf8 = utf8.dropFirst(2)
        }
        guard case .success(let text) = UnicodeText.utf8(bytes[...]) else { return nil }
        return text
    }

    /// True when every `%` in `bytes` starts a `pct-encoded` triplet (`%` HEXDIG HEXDIG).
    static func hasValidEscapes(_ bytes: some Collection<UInt8>) -> Bool {
        let bytes = Array(bytes)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            guard index + 2 < bytes.count, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil else {
                return false
            }
            index += 3
        }
        return true
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// The part of `uri` after `scheme:` when `uri` starts with it (schemes compare
    /// case-insensitively, RFC 3986 §3.1), or `nil`.
    static func afterScheme(_ scheme: String, in uri: String) -> Substring? {
        let prefix = scheme + ":"
        guard uri.utf8.count >= prefix.utf8.count else { return nil }
        let head = uri.utf8.prefix(prefix.utf8.count)
        let lowered = head.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        guard lowered.elementsEqual(prefix.utf8) else { return nil }
        return uri[uri.utf8.index(uri.startIndex, offsetBy: prefix.utf8.count)...]
    }
}
