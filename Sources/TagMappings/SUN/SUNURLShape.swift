/// Whether a URL looks like a SUN message an NTAG 424 DNA mirrored, judged by its values rather
/// than its parameter names, so `?x=…&y=…` and a path such as `/t/<PICCData>/<MAC>` count as
/// well as the usual `?picc_data=…&cmac=…`. No key is used.
///
/// A SUN mirror leaves hex fields of fixed lengths in the URL (shared/reference/
/// type4-type5-ntag424.md §2.7, §2.10): encrypted PICCData of 32 characters (AES) or 48 (LRP), or
/// in plain mirroring the UID in 14 and the read counter in 6; the truncated CMAC in 16; encrypted
/// file data in multiples of 32. A URL is SUN-like when one of its fields is a CMAC-length hex run
/// and another is a PICCData-length one, or a UID-length and a counter-length one; or when it
/// parses as a SUN message in a style read without a template. Upper- and lower-case hex count
/// alike. A field is a maximal run of hex digits after the host: any other character ends it, a
/// letter past `f` too (the bulk LRP style separates PICCData from the MAC by `x`). A 16-digit
/// commit hash alone, or a UUID (runs of 8, 4, 4, 4 and 12), is no SUN message.
public enum SUNURLShape {
    /// Lengths in hex characters of the mirrored fields.
    static let macLength = 16
    static let piccDataLengths: Set<Int> = [32, 48]
    static let uidLength = 14
    static let counterLength = 6

    /// True when `url` looks like a SUN message (see ``SUNURLShape``).
    public static func looksLikeSUN(_ url: String) -> Bool {
        // A URL some tool percent-encoded (`%3D` for `=`), once or again inside another URL's
        // parameter, is judged at every level of decoding: the escapes' own hex digits would
        // otherwise join the fields beside them.
        decodings(of: url).contains(where: shapedLikeSUN)
    }

    /// `text`, then `text` percent-decoded, again and again while that changes it, at most
    /// `rounds` times (a URL inside a URL's parameter is encoded twice).
    public static func decodings(of text: String, rounds: Int = 3) -> [String] {
        var found = [text]
        for _ in 0..<rounds {
            let next = percentDecoded(found[found.count - 1])
            if next == found[found.count - 1] { break }
            found.append(next)
        }
        return found
    }

    /// `text` with every `%XX` (two hex digits) replaced by its byte; other text as it is. Bytes
    /// that do not make UTF-8 become U+FFFD, which ends a hex field as any other character does.
    static func percentDecoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "%")) else { return text }
        var out: [UInt8] = []
        var index = 0
        func value(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x37
            case 0x61...0x66: byte - 0x57
            default: nil
            }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = value(bytes[index + 1]),
                let low = value(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func shapedLikeSUN(_ url: String) -> Bool {
        do {
            _ = try SUNMessage.parse(url)
            return true
        } catch {
            // Not in a named style: judged by its values below.
        }
        let lengths = Set(hexFieldLengths(url))
        guard lengths.contains(macLength) else { return false }
        return !lengths.isDisjoint(with: piccDataLengths)
            || (lengths.contains(uidLength) && lengths.contains(counterLength))
    }

    /// The lengths of the URL's hex fields after its host, in order: maximal runs of hex digits.
    static func hexFieldLengths(_ url: String) -> [Int] {
        var bytes = Array(url.utf8)[...]
        // Skip "scheme://host[:port]": a host name made of hex letters is no field.
        let slash = UInt8(ascii: "/")
        if let colon = bytes.indices.first(where: { index in
            bytes[index] == UInt8(ascii: ":") && index + 2 < bytes.endIndex && bytes[index + 1] == slash
                && bytes[index + 2] == slash
        }) {
            bytes = bytes[(colon + 3)...]
            let end = bytes.firstIndex { $0 == slash || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            bytes = bytes[(end ?? bytes.endIndex)...]
        }
        var lengths: [Int] = []
        var run = 0
        for byte in bytes + [0] {
            let lower = byte | 0x20
            if (byte >= 0x30 && byte <= 0x39) || (lower >= 0x61 && lower <= 0x66) {
                run += 1
                continue
            }
            if run > 0 { lengths.append(run) }
            run = 0
        }
        return lengths
    }
}
