/// The command line as declared: every command path (`write`, `sim new`) with its options and
/// positionals, read from the program's commands. Completions and the man page are generated from
/// it, so they say exactly what the parser accepts.
public struct CommandTree: Sendable {
    public struct Entry: Sendable {
        /// "write", "sim new".
        public var path: String
        public var summary: String
        public var options: [OptionSpec]
        public var positionals: [PositionalSpec]
        /// For a group: its subcommands' last words.
        public var subcommands: [String]
    }

    /// The program's name, as a shell calls it (`tapcard`).
    public var program: String
    public var entries: [Entry]
    /// The options the dispatcher takes before or after any command (`--quiet`, `--color`).
    public var globalOptions: [OptionSpec]

    /// Every command, then its subcommands depth first (`ntag424`, `ntag424 sdm`,
    /// `ntag424 sdm setup`): a group comes before the groups inside it.
    public init(program: String, commands: [any Command.Type], globalOptions: [OptionSpec]) {
        var entries: [Entry] = []
        func walk(_ command: any Command.Type) {
            let subs = command.subcommands
            entries.append(
                Entry(
                    path: command.name, summary: command.summary,
                    options: Self.unique(OptionSpec.withSecretFileForms(command.options) + globalOptions),
                    positionals: command.positionals, subcommands: subs.map { Self.lastWord(of: $0.name) }))
            for sub in subs { walk(sub) }
        }
        for command in commands { walk(command) }
        self.program = program
        self.entries = entries
        self.globalOptions = globalOptions
    }

    /// "sdm" for "ntag424 sdm": the word that picks a subcommand.
    public static func lastWord(of name: String) -> String {
        String(name.split(separator: " ").last ?? Substring(name))
    }

    /// The top-level command words.
    public var topLevel: [Entry] { entries.filter { !$0.path.contains(" ") } }

    /// One spec per option name (a name declared twice keeps its first declaration).
    public static func unique(_ options: [OptionSpec]) -> [OptionSpec] {
        var seen: Set<String> = []
        return options.filter { seen.insert($0.name).inserted }
    }
}
