import CommandLineKit
import TagCatalog
import TagTransport
import TagWorkflows
import Type2

/// `--password HEX8` and `--pack HEX4`, shared by every tag command that may meet a
/// password-protected NTAG21x or Ultralight EV1.
struct PasswordOptions {
    var password: Type2Password?
    var acknowledge: PasswordAcknowledge?

    static let options: [OptionSpec] = [
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
        """

    /// Takes `--password` (or `name`) and `--pack` from `arguments`.
    static func parse(_ arguments: inout Arguments, passwordOption: String = "--password") throws -> PasswordOptions {
        var options = PasswordOptions()
        if let text = try arguments.option(passwordOption) { options.password = try Type2Password.parse(text) }
        if let text = try arguments.option("--pack") { options.acknowledge = try PasswordAcknowledge.parse(text) }
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
            transport: transport, declaredModel: declaredModel, password: password, expectedAcknowledge: acknowledge)
    }
}
