/// One unfolded vCard content line split into its parts (RFC 2425 §5.8.2:
/// `[group "."] name *(";" param) ":" value`), tolerant of vCard 2.1's bare parameters
/// (`TEL;CELL;WORK:…`) and of 4.0's quoted, comma-separated parameter values.
public struct ContentLine: Sendable, Equatable {
    public var group: String?
    /// The property name, uppercased.
    public var name: String
    public var parameters: [VCardParameter]
    /// The value bytes exactly as they appear after the first unquoted colon.
    public var rawValue: [UInt8]

    /// Parses one logical line; nil when it has no colon (not a content line).
    static func parse(_ bytes: [UInt8]) -> ContentLine? {
        var inQuotes = false
        var colon: Int? = nil
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if byte == UInt8(ascii: ":") && !inQuotes {
                colon = index
                break
            }
        }
        if colon == nil { colon = bytes.firstIndex(of: UInt8(ascii: ":")) }
        guard let colon else { return nil }
        let header = TextDecoding.decode(bytes[..<colon], charset: nil).text
        let rawValue = Array(bytes[(colon + 1)...])
        let segments = splitOutsideQuotes(header, separator: ";")
        guard let first = segments.first else { return nil }
        var group: String? = nil
        var name = first.trimmingSpaces
        if let dot = name.lastIndex(of: ".") {
            group = String(name[..<dot])
            name = String(name[name.index(after: dot)...])
        }
        var parameters: [VCardParameter] = []
        for segment in segments.dropFirst() where !segment.trimmingSpaces.isEmpty {
            if let eq = segment.firstIndex(of: "=") {
                let key = String(segment[..<eq]).trimmingSpaces.uppercased()
                let valueText = String(segment[segment.index(after: eq)...])
                let values = splitOutsideQuotes(valueText, separator: ",").map { unquote($0.trimmingSpaces) }
                parameters.append(VCardParameter(name: key, values: values))
            } else {
                parameters.append(VCardParameter(name: nil, values: [unquote(segment.trimmingSpaces)]))
            }
        }
        return ContentLine(group: group, name: name.uppercased(), parameters: parameters, rawValue: rawValue)
    }

    /// Every value of parameters named `name`, plus (for TYPE) vCard 2.1 bare parameters.
    func values(of name: String) -> [String] {
        var result: [String] = []
        for parameter in parameters {
            if parameter.name == name {
                result += parameter.values
            } else if parameter.name == nil, name == "TYPE" {
                let value = parameter.values.joined()
                if !Self.bareNonTypes.contains(value.uppercased()) { result.append(value) }
            }
        }
        return result
    }

    /// Bare 2.1 parameters that are encodings or charsets, not types.
    static let bareNonTypes: Set<String> = ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B"]

    /// The ENCODING, from `ENCODING=…` or a bare 2.1 parameter, uppercased.
    var encoding: String? {
        if let value = values(of: "ENCODING").last { return value.uppercased() }
        for parameter in parameters where parameter.name == nil {
            let value = parameter.values.joined().uppercased()
            if value == "QUOTED-PRINTABLE" || value == "BASE64" { return value }
        }
        return nil
    }

    var charset: String? { values(of: "CHARSET").last }

    static func splitOutsideQuotes(_ text: String, separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var inQuotes = false
        for character in text {
            if character == "\"" { inQuotes.toggle() }
            if character == separator && !inQuotes {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    static func unquote(_ text: String) -> String {
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}

/// A content-line parameter: `TYPE=WORK,VOICE`, or a vCard 2.1 bare `WORK` (name nil).
public struct VCardParameter: Sendable, Equatable, Hashable {
    /// Uppercased, or nil for a bare 2.1 parameter.
    public var name: String?
    public var values: [String]

    public init(name: String?, values: [String]) {
        self.name = name
        self.values = values
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
