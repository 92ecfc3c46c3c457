import CommandLineKit

/// The options every command takes, handled by the dispatcher: `--quiet`, `--color`, `--help`.
public enum GlobalOptions {
    public static let all: [OptionSpec] = [
        .flag(
            "--quiet", aliases: ["-q"],
            "No notes or progress on standard error; errors and requested output still print."),
        .value(
            "--color", "WHEN", completion: .values(ColorChoice.allCases.map(\.rawValue)),
            "Colour on a terminal: auto (default; off when NO_COLOR is set), always or never."),
        .flag("--help", aliases: ["-h"], "Show the command's help."),
    ]

    /// How many tokens at the start of `tokens` are global options with their values (`-q`,
    /// `--quiet`, `--color WHEN`, `--color=WHEN`), which may come before the command. Read from
    /// ``all`` (but `--help`, which names no command), so a new global option is known here too.
    public static func leading(in tokens: [String]) -> Int {
        let options = all.filter { $0.name != "--help" }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let name = token.hasPrefix("--") ? String(token.prefix { $0 != "=" }) : token
            guard let spec = options.first(where: { $0.spellings.contains(name) }) else { break }
            if name != token {
                // `--name=value`: only an option that takes a value takes one inline.
                guard spec.takesValue else { break }
                index += 1
            } else if spec.takesValue {
                guard index + 1 < tokens.count else { break }
                index += 2
            } else {
                index += 1
            }
        }
        return index
    }

    public static let help = """
          --quiet, -q      No notes or progress on standard error; errors and requested output still print.
          --color WHEN     auto (default: colour only on a terminal, and not when NO_COLOR is set),
                           always or never.
        """
}
