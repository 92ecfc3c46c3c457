import CommandLineKit

/// `tapcard completions bash|zsh|fish`: the shell completion script, from the declarations.
struct CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print the shell completion script for bash, zsh or fish."
    static let options: [OptionSpec] = []
    static let positionals = [
        PositionalSpec("SHELL", completion: .values(ShellCompletion.Shell.allCases.map(\.rawValue)))
    ]
    static let help = """
        Usage: tapcard completions bash|zsh|fish

        Prints a completion script generated from the commands' own option declarations, so it
        completes exactly what tapcard accepts: commands, subcommands, every option of the
        command being typed, the values an option takes and file names.

          bash   source <(tapcard completions bash), or save it in /etc/bash_completion.d/tapcard
          zsh    tapcard completions zsh > "${fpath[1]}/_tapcard"
          fish   tapcard completions fish > ~/.config/fish/completions/tapcard.fish

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let word = try arguments.requiredPositional("the shell: bash, zsh or fish")
        try arguments.finish()
        guard let shell = ShellCompletion.Shell(rawValue: word) else {
            throw UsageError("completions are for bash, zsh or fish, not '\(word)'.", command: name)
        }
        io.write(Array(ShellCompletion.script(for: shell, tree: .tapcard).utf8))
        return .success
    }
}
