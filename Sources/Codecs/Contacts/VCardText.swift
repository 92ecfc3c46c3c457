/// Escaping of vCard text values (RFC 2426 §4, "text" value type; §5 of RFC 2425).
///
/// In a text value, backslash, semicolon and comma are escaped with a backslash and a line break
/// is written as `\n`. Structured values (N, ADR) escape each component and then join the
/// components with bare semicolons, which is how a reader tells the separators from the text.
public enum VCardText {
    /// Escapes one text value or one component of a structured value. CRLF, a lone CR and a lone
    /// LF each become `\n` (so a CRLF in the input reads back as LF).
    public static func escape(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = value.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case ";": out.append(contentsOf: "\\;".unicodeScalars)
            case ",": out.append(contentsOf: "\\,".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r":
                out.append(contentsOf: "\\n".unicodeScalars)
                if pending == "\n" { pending = scalars.next() }
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Escapes each component and joins them with the structured-value separator `;`.
    public static func structured(_ components: [String]) -> String {
        components.map(escape).joined(separator: ";")
    }

    /// Undoes ``escape(_:)`` tolerantly: `\\`, `\;`, `\,`, `\:` and `\n` or `\N` are unescaped;
    /// a backslash before anything else (vCard 2.1 had no such escapes) is kept as written, as is
    /// a trailing lone backslash.
    public static func unescape(_ value: Substring) -> String {
        var out = String.UnicodeScalarView()
        var scalars = value.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                out.append(scalar)
                continue
            }
            guard let next = scalars.next() else {
                out.append(scalar)
                break
            }
            switch next {
            case "\\", ";", ",", ":": out.append(next)
            case "n", "N": out.append("\n")
            default:
                out.append(scalar)
                out.append(next)
            }
        }
        return String(out)
    }

    /// Splits a structured value at unescaped `separator`s, leaving each part still escaped.
    public static func split(_ value: Substring, separator: Unicode.Scalar) -> [Substring] {
        var parts: [Substring] = []
        var start = value.startIndex
        var index = value.startIndex
        var escaped = false
        while index < value.endIndex {
            let scalar = value.unicodeScalars[index]
            if escaped {
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == separator {
                parts.append(value[start..<index])
                start = value.unicodeScalars.index(after: index)
            }
            index = value.unicodeScalars.index(after: index)
        }
        parts.append(value[start..<value.endIndex])
        return parts
    }
}
