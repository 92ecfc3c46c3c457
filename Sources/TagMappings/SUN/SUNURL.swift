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
                let name = String(url[start..<equals]).lowercased()
                let valueStart = utf8.index(after: equals)
                out.append(Field(name: name, text: url[valueStart..<end], range: valueStart..<end))
            }
            start = end < utf8.endIndex ? utf8.index(after: end) : end
        }
        return SUNURL(fields: out)
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
