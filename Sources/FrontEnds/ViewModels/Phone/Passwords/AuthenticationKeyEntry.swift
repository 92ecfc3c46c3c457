import TapCardSupport
import Type2

/// A 16-byte key as the user types it on the Protect screen, for the chips whose pages are
/// guarded by a key instead of a password: MIFARE Ultralight C (3DES) and Ultralight AES
/// (AES-128). 32 hex digits, in the order the cipher uses them (``/Type2/Type2AuthenticationKey``);
/// the driver picks the cipher from the chip it identifies.
///
/// Never stored, and never shown back: no line repeats its bytes (unlike ``PasswordEntry``,
/// whose password travels in clear text anyway, a key is a secret the tag proves it holds).
public struct AuthenticationKeyEntry: Sendable, Equatable {
    /// What the user typed.
    public var text: String

    public init(text: String = "") { self.text = text }

    /// The key, when the text is 32 hex digits.
    public var key: Type2AuthenticationKey? { try? Type2AuthenticationKey.parse(text) }

    public var isValid: Bool { problem == nil }

    /// What is wrong with the text, in words; `nil` when it can be used.
    public var problem: String? {
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            return
                "Enter the tag's key: 32 hex digits (16 bytes). An Ultralight C's factory key is 49454d4b41455242214e4143554f5946, an Ultralight AES's all zeros."
        }
        do {
            _ = try Type2AuthenticationKey.parse(text)
        } catch {
            return error.sentence
        }
        return nil
    }

    /// Said wherever a key is typed.
    public static let note =
        "The key never travels over the air: the tag and the phone prove to each other that they hold it (mutual authentication). TapCard does not store it and never shows it; type it each time. A wrong key is refused by the tag and changes nothing."
}
