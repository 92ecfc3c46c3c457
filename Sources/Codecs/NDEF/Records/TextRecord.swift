/// How a Text record's characters are stored (NFC Forum Text RTD 1.0 §3.2.1, status bit 7).
public enum TextEncoding: String, Sendable, Hashable, CaseIterable {
    case utf8 = "UTF-8"
    case utf16 = "UTF-16"
}

/// How UTF-16 text is laid out. Text RTD 1.0 §3.2.3 refers to RFC 2781: a byte order mark
/// decides the order; without one, the text is big-endian.
public enum UTF16Layout: Sendable, Hashable, CaseIterable {
    /// `FF FE` then little-endian code units (what ndeflib, Windows and Android's `UTF-16` write
    /// on little-endian hosts).
    case littleEndianWithBOM
    /// `FE FF` then big-endian code units.
    case bigEndianWithBOM
    /// Big-endian code units with no byte order mark (the RFC 2781 default). A text that starts
    /// with U+FEFF or U+FFFE cannot be written this way unambiguously: it reads back as a BOM.
    case bigEndian
}

/// The Text record, well-known type `T` (NFC Forum Text Record Type Definition 1.0).
///
/// Payload (§3.2): a status byte (bit 7: 0 UTF-8, 1 UTF-16; bit 6 reserved 0; bits 5–0: length of
/// the IANA language code), the language code in US-ASCII, then the text.
public struct TextRecord: Sendable, Hashable {
    public var text: String
    /// The IANA language code, e.g. `en` or `en-US`.
    public var language: String
    public var encoding: TextEncoding
    /// The byte layout used when ``encoding`` is UTF-16 (ignored for UTF-8).
    public var utf16Layout: UTF16Layout

    public init(
        _ text: String, language: String = "en", encoding: TextEncoding = .utf8,
        utf16Layout: UTF16Layout = .littleEndianWithBOM
    ) {
        self.text = text
        self.language = language
        self.encoding = encoding
        self.utf16Layout = utf16Layout
    }

    /// The payload. A language code longer than 63 bytes (the 6-bit length field) is cut at 63;
    /// ``NDEFRecord/text(_:language:encoding:)`` callers can check ``languageFits`` first.
    public var payload: [UInt8] {
        let languageBytes = Array(language.utf8.prefix(63))
        var out: [UInt8] = [UInt8(languageBytes.count) | (encoding == .utf16 ? 0x80 : 0)]
        out.append(contentsOf: languageBytes)
        switch encoding {
        case .utf8:
            out.append(contentsOf: text.utf8)
        case .utf16:
            switch utf16Layout {
            case .littleEndianWithBOM:
                out.append(contentsOf: [0xFF, 0xFE])
                out.append(contentsOf: UnicodeText.utf16Bytes(text, bigEndian: false))
            case .bigEndianWithBOM:
                out.append(contentsOf: [0xFE, 0xFF])
                out.append(contentsOf: UnicodeText.utf16Bytes(text, bigEndian: true))
            case .bigEndian:
                out.append(contentsOf: UnicodeText.utf16Bytes(text, bigEndian: true))
            }
        }
        return out
    }

    /// Equal when text, language and encoding match, and for UTF-16 also the byte layout (the
    /// layout means nothing for UTF-8).
    public static func == (lhs: TextRecord, rhs: TextRecord) -> Bool {
        lhs.text == rhs.text && lhs.language == rhs.language && lhs.encoding == rhs.encoding
            && (lhs.encoding == .utf8 || lhs.utf16Layout == rhs.utf16Layout)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(language)
        hasher.combine(encoding)
        if encoding == .utf16 { hasher.combine(utf16Layout) }
    }

    /// True when the language code fits its 6-bit length field (1–63 bytes).
    public var languageFits: Bool { (1...Self.maximumLanguageBytes).contains(language.utf8.count) }

    /// The longest language code the status byte's 6-bit length can hold.
    public static let maximumLanguageBytes = 63

    /// Checks that `language` can be a Text record's language code: 1 to 63 bytes of US-ASCII
    /// (Text RTD 1.0 §3.2.1: the code is mandatory and its length is a 6-bit field), shaped like an
    /// RFC 5646 language tag — parts of 1 to 8 letters or digits joined by `-`, the first of
    /// letters only (`en`, `fr-CA`, `zh-Hant-TW`, `x-klingon`). It checks the shape, not the IANA
    /// registry. Every code it accepts decodes with ``decode(payload:)``, so a record built from
    /// it is never one that a reader calls malformed; whatever builds a Text record from a
    /// person's input calls it first (``payload`` itself cuts an over-long code at 63 bytes).
    public static func checkLanguage(_ language: String) throws(TextLanguageError) {
        guard !language.isEmpty else { throw .empty }
        for (index, character) in language.enumerated() where !character.isASCII {
            throw .notASCII(language: language, character: character, position: index + 1)
        }
        guard language.utf8.count <= maximumLanguageBytes else { throw .tooLong(bytes: language.utf8.count) }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        let parts = language.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        let wellFormed =
            parts.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { isLetter($0) || isDigit($0) } }
            && parts[0].allSatisfy(isLetter)
        guard wellFormed else { throw .notATag(language: language) }
    }

    /// The record (TNF 1, type `T`).
    public var record: NDEFRecord { NDEFRecord(tnf: .wellKnown, type: [0x54], payload: payload) }

    /// Reads a Text payload; offsets in errors are relative to the payload.
    public static func decode(payload: ArraySlice<UInt8>) throws(NDEFError) -> TextRecord {
        let base = payload.startIndex
        guard let status = payload.first else {
            throw .payloadTooShort(kind: "text record", offset: 0, needed: 1, available: 0)
        }
        let isUTF16 = status & 0x80 != 0
        let languageLength = Int(status & 0x3F)
        guard languageLength > 0 else { throw .missingLanguage(offset: 0) }
        guard languageLength <= payload.count - 1 else {
            throw .languagePastEnd(offset: 0, declared: languageLength, available: payload.count - 1)
        }
        let languageBytes = payload[(base + 1)..<(base + 1 + languageLength)]
        if let bad = UnicodeText.firstNonPrintableASCII(languageBytes) {
            throw .invalidUTF8(what: "language code (US-ASCII)", offset: 1 + bad)
        }
        let language = String(decoding: languageBytes, as: UTF8.self)
        let textStart = 1 + languageLength
        let body = payload[(base + textStart)...]
        if !isUTF16 {
            switch UnicodeText.utf8(body) {
            case .success(let text): return TextRecord(text, language: language, encoding: .utf8)
            case .failure(.invalid(let at)): throw .invalidUTF8(what: "text", offset: textStart + at)
            case .failure(.oddLength): throw .invalidUTF8(what: "text", offset: textStart)
            }
        }
        var layout = UTF16Layout.bigEndian
        var units = body
        if body.count >= 2 {
            let first = body[body.startIndex]
            let second = body[body.startIndex + 1]
            if first == 0xFF && second == 0xFE {
                layout = .littleEndianWithBOM
            } else if first == 0xFE && second == 0xFF {
                layout = .bigEndianWithBOM
            }
            if layout != .bigEndian { units = body.dropFirst(2) }
        }
        let unitsStart = textStart + (layout == .bigEndian ? 0 : 2)
        switch UnicodeText.utf16(units, bigEndian: layout != .littleEndianWithBOM) {
        case .success(let text):
            return TextRecord(text, language: language, encoding: .utf16, utf16Layout: layout)
        case .failure(.invalid(let at)):
            throw .invalidUTF16(offset: unitsStart + at)
        case .failure(.oddLength):
            throw .oddUTF16Length(offset: textStart, count: body.count)
        }
    }
}

extension NDEFRecord {
    /// A Text record (well-known type `T`). UTF-16 is written as `FF FE` + little-endian, like
    /// ndeflib; use ``TextRecord`` for another layout. A language code over 63 bytes is cut at 63.
    public static func text(_ text: String, language: String = "en", encoding: TextEncoding = .utf8) -> NDEFRecord {
        TextRecord(text, language: language, encoding: encoding).record
    }
}
