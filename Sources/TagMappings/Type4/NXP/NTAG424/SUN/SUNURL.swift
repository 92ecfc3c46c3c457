/// The query fields of a SUN URL, with where each value sits in the URL (the MAC input is a span
/// of the URL's own text, so positions matter, not decoded values).
struct SUNURL {
    struct Field {
        var name: String
        var text: Substring
        var range: Range<String.Index>
    }

    var fields: [Field]

    /// The fields after the first `?`, split on `&` and `=`; no percent-decoding (SUN values are hex).
    static func fields(_ url: String) -> SUNURL {
        guard let question = url.firstIndex(of: "?") else { return SUNURL(fields: []) }
        var out: [Field] = []
        var start = url.index(after: question)
        while start < url.endIndex {
            let end = url[start...].firstIndex(of: "&") ?? url.endIndex
            let part = url[start..<end]
            if let equals = part.firstIndex(of: "=") {
                let name = String(part[..<equals]).lowercased()
                let valueStart = url.index(after: equals)
                out.append(Field(name: name, text: url[valueStart..<end], range: valueStart..<end))
            }
            start = end < url.endIndex ? url.index(after: end) : end
        }
        return SUNURL(fields: out)
    }

    /// The first field with one of `names`.
    func value(_ names: [String]) -> Field? {
        fields.first { names.contains($0.name) }
    }
}
