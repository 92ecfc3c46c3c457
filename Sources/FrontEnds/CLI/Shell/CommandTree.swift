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

    static var current: CommandTree {
        var entries: [Entry] = []
        for command in CommandRegistry.all {
            let subs = command.subcommands
            entries.append(
                Entry(
                    path: command.name, summary: command.summary, options: unique(command.options + GlobalOptions.all),
                    positionals: command.positionals, subcommands: subs.map { CLI.lastWord(of: $0.name) }))
            for sub in subs {
                entries.append(
                    Entry(
                        path: sub.name, summary: sub.summary, options: unique(sub.options + GlobalOptions.all),
                        positionals: sub.positionals, subcommands: []))
            }
        }
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
