import CommandLineKit

/// `tapcard ntag424 sdm`: Secure Dynamic Messaging.
struct NTAG424SDMCommand: Command {
    static let name = "ntag424 sdm"
    static let summary = "Secure Dynamic Messaging: setup."
    static let options: [OptionSpec] = []
    static var subcommands: [any Command.Type] { [NTAG424SDMSetupCommand.self] }
    static let help = """
        Usage: tapcard ntag424 sdm setup --url-template T [options]

        Run 'tapcard ntag424 sdm setup --help' for its options.

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        throw UsageError("'ntag424 sdm' needs a subcommand: setup.", command: name)
    }
}
