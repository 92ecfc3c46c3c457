import TapCardSupport

/// Why a string cannot be a Text record's language code (see ``TextRecord/checkLanguage(_:)``).
public enum TextLanguageError: TapCardError, Equatable {
    /// No code at all; Text RTD 1.0 §3.2.1 makes it mandatory.
    case empty
    /// A character outside US-ASCII at `position` (1-based, in characters).
    case notASCII(language: String, character: Character, position: Int)
    /// More bytes than the 6-bit length field can say (63).
    case tooLong(bytes: Int)
    /// US-ASCII, but not shaped like an RFC 5646 language tag.
    case notATag(language: String)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .empty:
            "The language code is empty; a Text record must name its language (NFC Forum Text RTD 1.0 §3.2.1), e.g. en or fr-CA."
        case .notASCII(let language, let character, let position):
            "The language code '\(language)' has '\(character)' at character \(position), which is not US-ASCII; a Text record's language code is an ASCII language tag (NFC Forum Text RTD 1.0 §3.2.1), e.g. en or ja."
        case .tooLong(let bytes):
            "The language code has \(bytes) characters; a Text record's holds at most \(TextRecord.maximumLanguageBytes) (its length is a 6-bit field, NFC Forum Text RTD 1.0 §3.2.1)."
        case .notATag(let language):
            "'\(language)' is not a language tag: RFC 5646 tags are parts of 1 to 8 letters or digits joined by '-', the first of letters only (en, fr-CA, zh-Hant-TW)."
        }
    }
}
