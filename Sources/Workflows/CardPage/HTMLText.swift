/// Text made safe for HTML: in element content and in double-quoted attribute values alike.
enum HTMLText {
    /// `&`, `<`, `>`, `"` and `'` as character references. Bidirectional controls (U+202A–202E,
    /// U+2066–2069) are kept as text but can only reorder the characters of their own element,
    /// since every value sits in its own element with `dir="auto"` (HTML's bidi isolation), so a
    /// name with a U+202E cannot reverse the label beside it.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
