import CommandLineKit

/// `tapcard version`: the version, for scripts that prefer a command to a flag.
struct VersionCommand: Command {
    static let name = "version"
    static let summary = "Print the version."
    static let options: [OptionSpec] = []
    static let help = """
        Usage: tapcard version

        Prints the version of tapcard (the same as 'tapcard --version').

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        try arguments.finish()
        io.print("tapcard \(CLI.version)")
        return .success
    }
}
