import CommandLineKit

/// `tapcard manpage`: tapcard(1) in roff, from the declarations.
struct ManpageCommand: Command {
    static let name = "manpage"
    static let summary = "Print the tapcard(1) manual page (roff)."
    static let options: [OptionSpec] = []
    static let help = """
        Usage: tapcard manpage

        Prints tapcard(1) in roff, generated from the commands' own declarations: every command,
        its options, the exit statuses, the environment and the files.

          man -l <(tapcard manpage)
          tapcard manpage > /usr/local/share/man/man1/tapcard.1

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        try arguments.finish()
        io.write(Array(ManPage.roff().utf8))
        return .success
    }
}
