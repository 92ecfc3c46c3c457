import CommandLineKit

/// `tapcard ntag424`: provisioning an NTAG 424 DNA (file settings in words, SDM setup, keys).
struct NTAG424ToolCommand: Command {
    static let name = "ntag424"
    static let summary = "Provision an NTAG 424 DNA: info, sdm setup, keys."
    static let options: [OptionSpec] = []
    static var subcommands: [any Command.Type] {
        [NTAG424InfoCommand.self, NTAG424SDMCommand.self, NTAG424KeysCommand.self]
    }
    static let help = """
        Usage: tapcard ntag424 info | sdm setup | keys [options]

        'info' shows the files' settings and SDM in words; 'sdm setup' writes a SUN URL template
        and the file settings whose offsets it computes; 'keys' changes application keys.
        Run 'tapcard ntag424 SUBCOMMAND --help' for its options.

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        throw UsageError("'ntag424' needs a subcommand: info, sdm setup, keys.", command: name)
    }
}
