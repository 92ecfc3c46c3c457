/// One `tapcard` command. Each lives in its own file under `Commands/` and is listed once in
/// ``CommandRegistry``. A command parses its own arguments with ``Arguments``, writes only through
/// its ``CommandIO``, and throws a `TapCardError` for every failure (the dispatcher prints it as
/// one `error: …` line and picks the exit status from the error's origin).
public protocol Command {
    /// The words after `tapcard` (e.g. "decode", or "sim" for a command with subcommands).
    static var name: String { get }
    /// One line for `tapcard --help`.
    static var summary: String { get }
    /// The whole `--help` text: usage lines, options, examples.
    static var help: String { get }
    /// True for commands with subcommands, which print each subcommand's own `--help`.
    static var handlesOwnHelp: Bool { get }
    /// Runs the command; `arguments` holds what follows the command's name.
    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus
}

extension Command {
    public static var handlesOwnHelp: Bool { false }
}
