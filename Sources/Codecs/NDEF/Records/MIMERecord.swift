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
