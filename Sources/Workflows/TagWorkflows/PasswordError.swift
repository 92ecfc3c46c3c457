import TagCatalog
import TapCardSupport
import Type2

/// What can go wrong presenting a password (PWD_AUTH) to an NTAG21x or Ultralight EV1.
///
/// TapCard sends a password once per operation and never tries again on its own: with AUTHLIM
/// set, every wrong password brings the chip closer to refusing all of them for good.
public enum PasswordError: TapCardError, Equatable {
    /// A password was given for a chip that has none (no PWD_AUTH).
    case noPasswordOnChip(model: TagModel?)
    /// The tag did not accept the password (NAK 0h to PWD_AUTH). `attemptLimit` and `authlim`
    /// when the configuration could be read.
    case rejected(password: Type2Password, authlim: Int?, attemptLimit: Int?)
    /// The tag refuses every password for good: its AUTHLIM count is used up (NAK 4h).
    case attemptsExhausted
    /// The tag accepted the password but answered a PACK other than the one given.
    case acknowledgeMismatch(expected: PasswordAcknowledge, received: PasswordAcknowledge)

    public var origin: ErrorOrigin {
        switch self {
        case .noPasswordOnChip, .acknowledgeMismatch: .refusal
        case .rejected, .attemptsExhausted: .tag
        }
    }

    public var sentence: String {
        switch self {
        case .noPasswordOnChip(let model):
            return
                "A password was given, but \(model?.withArticle ?? "this chip") has no password protection (no PWD_AUTH); nothing was sent after identifying it."
        case .rejected(_, let authlim?, let limit?):
            return
                "The tag did not accept the password given (PWD_AUTH answered NAK 0h; the password is never shown). TapCard does not try again: AUTHLIM \(authlim) means the tag locks its protected pages for good after \(limit) wrong \(limit == 1 ? "password" : "passwords") in a row, and this one counted."
        case .rejected(_, .some, nil):
            return
                "The tag did not accept the password given (PWD_AUTH answered NAK 0h; the password is never shown). TapCard does not try again; AUTHLIM 0: this tag does not limit wrong passwords."
        case .rejected:
            return
                "The tag did not accept the password given (PWD_AUTH answered NAK 0h; the password is never shown). TapCard does not try again: if the tag limits attempts (AUTHLIM, which it does not let us read without the password), this one counted."
        case .attemptsExhausted:
            return
                "The tag refuses every password for good (PWD_AUTH answered NAK 4h: its AUTHLIM count of wrong passwords is used up). Its protected pages can never be written again."
        case .acknowledgeMismatch(let expected, let received):
            return
                "The tag accepted the password but answered PACK \(received), not the \(expected) given: it may be a counterfeit that accepts any password. Nothing was written."
        }
    }
}
