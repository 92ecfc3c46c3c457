/// The query fields of a SUN URL, with where each value sits in the URL (the MAC input is a span
/// of the URL's own text, so positions matter, not decoded values).
struct SUNURL {
    struct Field {
        /// The name, lowercased.
        var name: String
        var text: Substring
        var range: Range<String.Index>
    }

    var fields: [Field]

    /// The names a SUN URL's fields go by, in the styles TapCard reads without a template.
    static let sunNames: Set<String> = ["e", "picc_data", "p", "c", "cmac", "enc", "uid", "ctr"]

    /// The fields after the first `?`, split on `&` and `=`; no percent-decoding (SUN values are hex).
    static func fields(_ url: String) -> SUNURL {
        let utf8 = url.utf8
        guard let question = utf8.firstIndex(of: UInt8(ascii: "?")) else { return SUNURL(fields: []) }
        var out: [Field] = []
        var start = utf8.index(after: question)
        while start < utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            if let equals = utf8[start..<end].firstIndex(of: UInt8(ascii: "=")) {
                let name = Self.normalizedName(url[start..<equals])
                let valueStart = utf8.index(after: equals)
                out.append(Field(name: name, text: url[valueStart..<end], range: valueStart..<end))
            }
            start = end < utf8.endIndex ? utf8.index(after: end) : end
        }
        return SUNURL(fields: out)
    }

    /// A parameter name as web frameworks read it, so that no spelling of a SUN name slips past
    /// the repeated-field check: `+` as a space, percent-decoded, lowercased, spaces around it
    /// dropped, and PHP's renaming (`.` and inner spaces become `_`, a trailing `[]` or `[…]`
    /// array suffix goes). `picc%5Fdata`, `picc.data`, `%63mac` and `cmac[]` all read as the
    /// names they stand for.
    static func normalizedName(_ raw: Substring) -> String {
        // The usual name (lowercase letters, digits, `_`) is itself.
        if raw.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }) {
            return String(raw)
        }
        var bytes: [UInt8] = []
        let source = Array(raw.utf8)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "%"), index + 2 < source.count,
                let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
                continue
            }
            bytes.append(byte == UInt8(ascii: "+") ? 0x20 : byte)
            index += 1
        }
        var name = String(decoding: bytes, as: UTF8.self).lowercased()
        name = String(name.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        if let bracket = name.firstIndex(of: "["), name.hasSuffix("]") { name = String(name[..<bracket]) }
        return String(name.map { $0 == "." || $0 == " " ? "_" : $0 })
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The first field with one of `names`.
    func value(_ names: [String]) -> Field? {
        fields.first { names.contains($0.name) }
    }

    /// The first SUN field name that occurs more than once (names compared lowercased), if any: a
    /// backend framework that reads the last value would act on other data than the verifier
    /// checked.
    func repeatedSUNName() -> String? {
        // A URL has a handful of fields: comparing each with those before it beats hashing.
        for (index, field) in fields.enumerated() where Self.sunNames.contains(field.name) {
            if fields[..<index].contains(where: { $0.name == field.name }) { return field.name }
        }
        return nil
    }
}
