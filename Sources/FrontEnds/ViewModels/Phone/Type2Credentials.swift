import CoreNFCTransport
import TagWorkflows
import Type2

/// What the Scan and Write screens' switches say to present to a Type 2 tag (a read, a write,
/// an erase, a format): the 16-byte key (Ultralight C, Ultralight AES), else the password and
/// the PACK to check, else nothing. Taken from the typed text once, before a session starts;
/// the drivers take the values themselves (`Type2Tag`, ``/TagWorkflows/Recognizer``).
struct Type2Credentials: Sendable {
    var password: Type2Password?
    var acknowledge: PasswordAcknowledge?
    var key: Type2AuthenticationKey?

    /// The credentials the switches ask for, or the sentence saying what is wrong with the text.
    static func typed(
        usesKey: Bool, key: AuthenticationKeyEntry, usesPassword: Bool, password: PasswordEntry
    ) -> Result<Type2Credentials, Type2CredentialsProblem> {
        if usesKey {
            guard let typed = key.key, key.isValid else {
                return .failure(Type2CredentialsProblem(sentence: key.problem ?? "Enter the tag's key."))
            }
            return .success(Type2Credentials(key: typed))
        }
        if usesPassword {
            guard let typed = password.password, password.isValid else {
                return .failure(Type2CredentialsProblem(sentence: password.problem ?? "Enter the tag's password."))
            }
            return .success(Type2Credentials(password: typed, acknowledge: password.acknowledge))
        }
        return .success(Type2Credentials())
    }
}

/// Why the typed key or password cannot be presented, in the screen's words.
struct Type2CredentialsProblem: Error, Equatable {
    let sentence: String
}
