import CommandLineKit
import TagCatalog
import TagTransport
import TagWorkflows
import Type2

/// `--password HEX8` and `--pack HEX4`, shared by every tag command that may meet a
/// password-protected NTAG21x or Ultralight EV1, and `--auth-key HEX32` for a tag whose pages a
/// 16-byte key guards (the driver picks the cipher from the chip it identifies).
struct PasswordOptions {
    var password: Type2Password?
    var acknowledge: PasswordAcknowledge?
    /// The 16-byte key the tag's AUTHENTICATE takes; never printed.
    var key: Type2AuthenticationKey?
    /// `--auth-key N=HEX32` values (an NTAG 424 DNA's numbered application keys), left to the
    /// command that takes them (`write`, `erase`): the one option names every key a tag's
    /// authentication takes, and the `N=` tells a numbered application key from a Type 2 key.
    var numberedKeyTexts: [String] = []

    /// The password options and `--auth-key` (named apart from `ntag424 --key`).
    static let options: [OptionSpec] = passwordOptions + [keyOption]

    /// `--auth-key HEX32` (repeatable only where `write` also takes an NTAG 424 DNA's `N=HEX32`).
    static let keyOption = OptionSpec.secret(
        "--auth-key", "HEX32", environment: "TAPCARD_AUTH_KEY",
        "The 16-byte key the tag's AUTHENTICATE takes; never printed.")

    /// `--password` and `--pack` alone, for `unprotect`, which changes an NTAG21x / Ultralight EV1
    /// password and nothing else.
    static let passwordOptions: [OptionSpec] = [
        .secret(
            "--password", "HEX8", environment: "TAPCARD_PASSWORD",
            "The tag's 4-byte password, presented once with PWD_AUTH."),
        .value("--pack", "HEX4", "The PACK the tag must answer to the password."),
    ]

    static let help = """
          --password HEX8  The tag's 4-byte password (8 hex digits), presented once with PWD_AUTH
                           before anything else; never retried (a wrong one counts against AUTHLIM).
                           It travels over the air in clear text: it stops casual rewriting, it is not
                           secrecy. Only hex is taken: tools disagree on how typed text becomes bytes.
          --pack HEX4      The PACK the tag must answer (4 hex digits); a different answer stops the
                           command before anything is written (a counterfeit may accept any password).
          --auth-key HEX32 The 16-byte key the tag's AUTHENTICATE (1A) takes (32 hex digits): an
                           Ultralight C's 3DES key (Key1 then Key2; factory
                           49454d4b41455242214e4143554f5946, "BREAKMEIFYOUCAN!" as the tag stores
                           it), an Ultralight AES's DataProtKey (factory all zeros). The cipher is
                           the chip's. Authenticated with before anything else; never printed.
        """

    /// Takes `--password` (or `name`) and `--pack` from `arguments`, and `--auth-key` when `takesKey`.
    static func parse(
        _ arguments: inout Arguments, passwordOption: String = "--password", takesKey: Bool = true,
        takesNumberedKeys: Bool = false
    ) throws -> PasswordOptions {
        var options = PasswordOptions()
        if let text = try arguments.option(passwordOption) { options.password = try Type2Password.parse(text) }
        if let text = try arguments.option("--pack") { options.acknowledge = try PasswordAcknowledge.parse(text) }
        if takesKey {
            let texts = try arguments.options("--auth-key")
            let bare = texts.filter { !$0.contains("=") }
            options.numberedKeyTexts = texts.filter { $0.contains("=") }
            if !options.numberedKeyTexts.isEmpty && !takesNumberedKeys {
                throw UsageError(
                    "--auth-key N=HEX32 names an NTAG 424 DNA application key, which only write and erase take; give the tag's 16-byte key as --auth-key HEX32.",
                    command: arguments.command)
            }
            guard bare.count <= 1 else {
                throw UsageError("--auth-key HEX32 (the tag's 16-byte key) is given once.", command: arguments.command)
            }
            options.key = try bare.first.map(Type2AuthenticationKey.parse)
        }
        if options.key != nil && options.password != nil {
            throw UsageError(
                "--auth-key is a 16-byte key (Ultralight C, Ultralight AES) and \(passwordOption) an NTAG21x / Ultralight EV1 password: give one.",
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
