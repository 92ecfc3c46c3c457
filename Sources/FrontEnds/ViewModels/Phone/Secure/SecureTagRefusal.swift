import TapCardSupport

/// Why the phone will not make this tag a secure tag, or check one. Nothing was sent that changes
/// the tag. Never holds a key.
public enum SecureTagRefusal: TapCardError, Equatable {
    /// The tag offers no ISO-DEP channel, so it cannot be an NTAG 424 DNA.
    case notType4
    /// Key 0 as typed has `digits` characters, not 32 hex digits.
    case key0Malformed(digits: Int)
    /// Neither the carrier nor GetVersion gave the UID the keys are stored under.
    case noUID

    public var origin: ErrorOrigin {
        switch self {
        case .notType4, .noUID: .refusal
        case .key0Malformed: .input
        }
    }

    public var sentence: String {
        switch self {
        case .notType4:
            "This tag is not a Type 4 (ISO-DEP) tag; only an NTAG 424 DNA can be made a secure tag. Nothing was written."
        case .key0Malformed(let digits):
            "Key 0 must be 32 hex digits (16 bytes); \(digits) characters were typed. Leave it empty for the factory key."
        case .noUID:
            "The tag gave no UID to store its keys under. Nothing was written."
        }
    }
}
