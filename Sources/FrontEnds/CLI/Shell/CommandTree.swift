import CommandLineKit

/// The command line as declared: every command path (`write`, `sim new`) with its options and
/// positionals, read from ``CommandRegistry``. Completions and the man page are generated from
/// it, so they say exactly what the parser accepts.
struct CommandTree {
    struct Entry {
        /// "write", "sim new".
        var path: String
        var summary: String
        var options: [OptionSpec]
        var positionals: [PositionalSpec]
        /// For a group: its subcommands' last words.
        var subcommands: [String]
    }

    var entries: [Entry]

    /// Every command, then its subcommands depth first (`ntag424`, `ntag424 sdm`,
    /// `ntag424 sdm setup`): a group comes before the groups inside it.
    static var current: CommandTree {
        var entries: [Entry] = []
        func walk(_ command: any Command.Type) {
            let subs = command.subcommands
            entries.append(
                Entry(
                    path: command.name, summary: command.summary, options: unique(command.options + GlobalOptions.all),
                    positionals: command.positionals, subcommands: subs.map { CLI.lastWord(of: $0.name) }))
            for sub in subs { walk(sub) }
        }
        for command in CommandRegistry.all { walk(command) }
        return CommandTree(entries: entries)
    }

    /// The top-level command words.
    var topLevel: [Entry] { entries.filter { !$0.path.contains(" ") } }

    /// One spec per option name (a name declared twice keeps its first declaration).
    static func unique(_ options: [OptionSpec]) -> [OptionSpec] {
        var seen: Set<String> = []
        return options.filter { seen.insert($0.name).inserted }
    }
}
