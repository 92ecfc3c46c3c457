import CommandLineKit
import TagCatalog
import TagTransport
import TagWorkflows
import Type2

/// `--password HEX8` and `--pack HEX4`, shared by every tag command that may meet a
/// password-protected NTAG21x or Ultralight EV1, and `--ulc-key HEX32` for a MIFARE Ultralight C.
struct PasswordOptions {
    var password: Type2Password?
    var acknowledge: PasswordAcknowledge?
    /// The Ultralight C 3DES key; never printed.
    var key: UltralightCKey?

    /// The password options and `--ulc-key` (named apart from `ntag424 --key`).
    static let options: [OptionSpec] =
        passwordOptions + [
            .value("--ulc-key", "HEX32", "A MIFARE Ultralight C's 3DES key, authenticated with first; never printed.")
        ]

    /// `--password` and `--pack` alone, for `unprotect`, which changes an NTAG21x / Ultralight EV1
    /// password and nothing else.
    static let passwordOptions: [OptionSpec] = [
        .value("--password", "HEX8", "The tag's 4-byte password, presented once with PWD_AUTH."),
        .value("--pack", "HEX4", "The PACK the tag must answer to the password."),
    ]

    static let help = """
          --password HEX8  The tag's 4-byte password (8 hex digits), presented once with PWD_AUTH
                           before anything else; never retried (a wrong one counts against AUTHLIM).
                           It travels over the air in clear text: it stops casual rewriting, it is not
                           secrecy. Only hex is taken: tools disagree on how typed text becomes bytes.
          --pack HEX4      The PACK the tag must answer (4 hex digits); a different answer stops the
                           command before anything is written (a counterfeit may accept any password).
          --ulc-key HEX32  A MIFARE Ultralight C's 16-byte 3DES key (32 hex digits, Key1 then Key2 as in
                           the MF0ICU2 datasheet's example; the factory key is
                           49454d4b41455242214e4143554f5946, "BREAKMEIFYOUCAN!" as the tag stores it),
                           authenticated with (AUTHENTICATE 1A) before anything else; never printed.
        """

    /// Takes `--password` (or `name`) and `--pack` from `arguments`, and `--ulc-key` when `takesKey`.
    static func parse(
        _ arguments: inout Arguments, passwordOption: String = "--password", takesKey: Bool = true
    ) throws -> PasswordOptions {
        var options = PasswordOptions()
        if let text = try arguments.option(passwordOption) { options.password = try Type2Password.parse(text) }
        if let text = try arguments.option("--pack") { options.acknowledge = try PasswordAcknowledge.parse(text) }
        if takesKey, let text = try arguments.option("--ulc-key") { options.key = try UltralightCKey.parse(text) }
        if options.key != nil && options.password != nil {
            throw UsageError(
                "--ulc-key is an Ultralight C's 3DES key and \(passwordOption) an NTAG21x / Ultralight EV1 password: give one.",
                command: arguments.command)
        }
        if options.acknowledge != nil && options.password == nil {
            throw UsageError(
                "--pack checks the answer to a password: give \(passwordOption) too.", command: arguments.command)
        }
        return options
    }

    /// A Type 2 session over `transport` that presents these credentials.
    func session<Transport: NFCAChannel>(
        _ transport: Transport, declaredModel: TagModel? = nil
    ) -> Type2Tag<Transport> {
        Type2Tag(
            transport: transport, declaredModel: declaredModel, password: password, expectedAcknowledge: acknowledge,
            key: key)
    }
}
