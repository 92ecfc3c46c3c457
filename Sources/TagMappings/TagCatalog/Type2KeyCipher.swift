/// The cipher a Type 2 chip's AUTHENTICATE (`1A`) runs with its 16-byte key: the chip decides,
/// never the caller. A front end takes 16 key bytes (`Type2AuthenticationKey`, in the Type 2 mapping) and the
/// driver picks the cipher from the chip it identified.
public enum Type2KeyCipher: String, Sendable, Equatable, CaseIterable {
    /// Two-key triple DES in CBC, one chain through the exchange (MIFARE Ultralight C, MF0ICU2).
    case tripleDES = "3des"
    /// AES-128 in CBC with a zero IV for every message (MIFARE Ultralight AES, MF0AES20).
    case aes128 = "aes-128"

    /// The name people use, for sentences.
    public var name: String {
        switch self {
        case .tripleDES: "3DES"
        case .aes128: "AES-128"
        }
    }
}

extension TagModel {
    /// The cipher of the chip's key authentication, or `nil` for a chip without one.
    public var type2KeyCipher: Type2KeyCipher? {
        switch self {
        case .ultralightC: .tripleDES
        case .ultralightAES: .aes128
        default: nil
        }
    }
}
