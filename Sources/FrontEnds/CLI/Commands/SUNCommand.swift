import CommandLineKit

/// `tapcard sun`: Secure Unique NFC messages of NTAG 424 DNA tags.
struct SUNCommand: Command {
    static let name = "sun"
    static let summary = "Verify the SUN message (URL) an NTAG 424 DNA produced."
    static let options: [OptionSpec] = []
    static var subcommands: [any Command.Type] { [SUNVerifyCommand.self] }
    static let help = """
        Usage: tapcard sun verify URL --meta-key HEX32 --file-key HEX32 [--json]

        An NTAG 424 DNA with Secure Dynamic Messaging puts a fresh counter and an AES-CMAC into
        its URL at every tap. 'sun verify' checks such a URL as a backend does.

        Run 'tapcard sun verify --help' for its options.

        """

    /// Never called: the dispatcher runs the subcommand the next word names.
    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        throw UsageError("'sun' needs a subcommand: verify.", command: name)
    }
}
