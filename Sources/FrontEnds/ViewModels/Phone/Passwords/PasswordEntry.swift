import TapCardSupport
import Type2

/// A password (and optionally its PACK) as the user types it on a Write, Lock or Protect screen.
///
/// NTAG21x and Ultralight EV1 passwords are 4 bytes, typed as 8 hex digits; the PACK the tag
/// answers is 2 bytes (4 hex digits). TapCard takes hex only — apps disagree on how typed text
/// becomes 4 bytes, and every wrong guess counts against the tag's AUTHLIM — and shows the bytes
/// it will send. The user types it each time: it is not stored, neither in the store nor in the
/// Keychain (it travels over the air in clear text anyway; it stops casual rewriting, it is not
/// secrecy).
public struct PasswordEntry: Sendable, Equatable {
    /// What the user typed for the password.
    public var passwordText: String
    /// What the user typed for the PACK; empty: the PACK is not checked (or, when setting a
    /// password, the factory PACK 00 00 is used).
    public var packText: String

    public init(passwordText: String = "", packText: String = "") {
        self.passwordText = passwordText
        self.packText = packText
    }

    /// The password, when the text is 8 hex digits.
    public var password: Type2Password? { try? Type2Password.parse(passwordText) }

    /// The PACK, when one was typed and it is 4 hex digits.
    public var acknowledge: PasswordAcknowledge? {
        packText.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try? PasswordAcknowledge.parse(packText)
    }

    /// True when the password parses and the PACK is either empty or parses.
    public var isValid: Bool { problem == nil }

    /// What is wrong with the text, in words; `nil` when it can be used.
    public var problem: String? {
        if passwordText.trimmingCharacters(in: .whitespaces).isEmpty {
            return "Enter the tag's password: 8 hex digits (4 bytes), e.g. 1a2b3c4d."
        }
        do {
            _ = try Type2Password.parse(passwordText)
            if !packText.trimmingCharacters(in: .whitespaces).isEmpty { _ = try PasswordAcknowledge.parse(packText) }
        } catch {
            return error.sentence
        }
        return nil
    }

    /// The bytes PWD_AUTH will send (and the PACK expected back), shown before anything is sent.
    public var bytesLine: String? {
        guard let password, problem == nil else { return nil }
        let check = acknowledge.map { "; the tag must answer PACK \($0)" } ?? "; the PACK it answers is not checked"
        return "PWD_AUTH will send the 4 bytes \(password)\(check)."
    }

    /// Said wherever a password is typed.
    public static let clearTextNote =
        "The password travels over the air in clear text: it stops casual rewriting, it is not secrecy. TapCard does not store it; type it each time."

    /// Said wherever a password is typed, with ``clearTextNote``.
    public static let hexOnlyNote =
        "Only hex is taken: apps disagree on how typed text becomes 4 bytes, and each wrong password counts against the tag's attempt limit (AUTHLIM). TapCard sends it once and never retries on its own."

    /// Shown under a refused password: on the phone the two refusals cannot be told apart.
    public static let phoneRefusalNote =
        "iOS reports a refused password as a lost connection (error 100), and a tag whose attempt limit is used up refuses even the right password the same way: if you are sure of the password, the tag may be locked for good."
}
