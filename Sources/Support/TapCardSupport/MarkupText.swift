/// Text made safe for HTML and SVG (XML): in element content and in quoted attribute values alike.
public enum MarkupText {
    /// `&`, `<`, `>`, `"` and `'` as character references; every other character as it is.
    public static func escaped(_ text: String) -> String {
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
