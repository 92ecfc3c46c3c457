/// A media-type record, TNF 2 (NFC Forum NDEF 1.0 §3.2.6; the type is an RFC 2046 media type such
/// as `text/vcard`).
public struct MIMERecord: Sendable, Hashable {
    /// The media type as written, e.g. `text/vcard` or `image/png`.
    public var type: String
    public var payload: [UInt8]

    public init(type: String, payload: [UInt8]) {
        self.type = type
        self.payload = payload
    }

    /// True for media types whose payload is text: `text/*`, JSON, XML, JavaScript and the
    /// `+json` / `+xml` structured suffixes (RFC 6838 §4.2.8).
    public var isTextual: Bool { Self.isTextual(type: type) }

    /// ``isTextual`` for a media type given alone.
    public static func isTextual(type: String) -> Bool {
        let essence = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? type
        let lower = essence.trimmingASCIISpaces.lowercased()
        if lower.hasPrefix("text/") { return true }
        if lower.hasSuffix("+json") || lower.hasSuffix("+xml") { return true }
        return [
            "application/json", "application/xml", "application/javascript", "application/ecmascript",
            "application/x-www-form-urlencoded", "application/sql", "application/yaml",
        ].contains(lower)
    }

    /// The payload as text, when the type is textual and the bytes are valid UTF-8.
    public var text: String? {
        guard isTextual, case .success(let text) = UnicodeText.utf8(payload[...]) else { return nil }
        return text
    }

    /// The record (TNF 2).
    public var record: NDEFRecord { NDEFRecord(tnf: .media, type: Array(type.utf8), payload: payload) }

    /// Checks that `type` is an RFC 2045 §5.1 media type before it is encoded: `type/subtype`,
    /// each a token (US-ASCII without spaces, controls or tspecials), then any `; attribute=value`
    /// parameters, the value a token or a quoted string. NDEF 1.0 §3.2.6 names RFC 2046 for TNF 2.
    public static func checkType(_ type: String) throws(RecordValueError) {
        guard !type.isEmpty else { throw .emptyMediaType }
        let scalars = Array(type.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar.value < 0x20 || scalar.value > 0x7E {
            throw .mediaTypeCharacter(type: type, scalar: scalar.value, position: index + 1)
        }
        let essence = type.prefix { $0 != ";" }
        guard let slash = essence.firstIndex(of: "/") else { throw .mediaTypeWithoutSlash(type: type) }
        let top = essence[..<slash]
        let sub = essence[essence.index(after: slash)...]
        guard !top.isEmpty else { throw .mediaTypeEmptyPart(type: type, part: "type") }
        guard !sub.isEmpty else { throw .mediaTypeEmptyPart(type: type, part: "subtype") }
        for (index, scalar) in essence.unicodeScalars.enumerated() where index != top.count && !isTokenScalar(scalar) {
            throw .mediaTypeCharacter(type: type, scalar: scalar.value, position: index + 1)
        }
        for parameter in type.dropFirst(essence.count).split(separator: ";", omittingEmptySubsequences: false)
            .dropFirst()
        {
            let trimmed = parameter.drop { $0 == " " }
            guard let equals = trimmed.firstIndex(of: "="), !trimmed[..<equals].isEmpty,
                trimmed[..<equals].unicodeScalars.allSatisfy(isTokenScalar)
            else { throw .mediaTypeParameter(type: type, parameter: String(parameter)) }
            let value = trimmed[trimmed.index(after: equals)...]
            let isToken = !value.isEmpty && value.unicodeScalars.allSatisfy(isTokenScalar)
            guard isToken || isQuotedString(value) else {
                throw .mediaTypeParameter(type: type, parameter: String(parameter))
            }
        }
    }

    /// An RFC 2045 token character: US-ASCII, not a space, a control or a tspecial.
    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x20 && scalar.value < 0x7F && !"()<>@,;:\\\"/[]?=".unicodeScalars.contains(scalar)
    }

    /// An RFC 822 quoted-string: `"…"`, with `\` escaping the next character.
    private static func isQuotedString(_ value: Substring) -> Bool {
        let scalars = Array(value.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return false }
        var index = 1
        while index < scalars.count - 1 {
            if scalars[index] == "\\" {
                index += 2
                continue
            }
            if scalars[index] == "\"" { return false }
            index += 1
        }
        return index == scalars.count - 1
    }
}

extension StringProtocol {
    var trimmingASCIISpaces: Substring {
        let trimmed = self.drop { $0 == " " || $0 == "\t" }
        var end = trimmed.endIndex
        while end > trimmed.startIndex {
            let before = trimmed.index(before: end)
            guard trimmed[before] == " " || trimmed[before] == "\t" else { break }
            end = before
        }
        return Substring(trimmed[..<end])
    }
}

extension NDEFRecord {
    /// A media-type record (TNF 2), e.g. `.mime(type: "text/vcard", payload: Array(card.utf8))`.
    public static func mime(type: String, payload: [UInt8]) -> NDEFRecord {
        MIMERecord(type: type, payload: payload).record
    }
}
