/// One `tapcard` command. Each lives in its own file under `Commands/` and is listed once in
/// the CLI's `CommandRegistry`. A command declares its options and positionals (``options``,
/// ``positionals``): the dispatcher parses the command line against them once (``Arguments``), and
/// shell completions and the man page are generated from the same declarations, so they never
/// drift. It writes only through its ``CommandIO``, and throws a `TapCardError` for every failure
/// (the dispatcher prints it and picks the exit status).
public protocol Command {
    /// The words after `tapcard` (e.g. "decode", or "sim new" for a subcommand).
    static var name: String { get }
    /// One line for `tapcard --help`.
    static var summary: String { get }
    /// The whole `--help` text: usage lines, options, examples.
    static var help: String { get }
    /// Every option the command takes (the global ones are added by the dispatcher).
    static var options: [OptionSpec] { get }
    /// The positionals, in order (for completions and the man page).
    static var positionals: [PositionalSpec] { get }
    /// For a command group (`sim`, `focus`): its subcommands, named "group word". The dispatcher
    /// picks one by the next word; the group's own `run` is then never called.
    static var subcommands: [any Command.Type] { get }
    /// Runs the command; `arguments` holds what follows the command's name, parsed.
    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus
}

extension Command {
    public static var positionals: [PositionalSpec] { [] }
    public static var subcommands: [any Command.Type] { [] }
}
