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
    /// `--quiet`, `--color WHEN`, `--color=WHEN`), which may come before the command.
    public static func leading(in tokens: [String]) -> Int {
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token == "--quiet" || token == "-q" || token.hasPrefix("--color=") {
                index += 1
            } else if token == "--color", index + 1 < tokens.count {
                index += 2
            } else {
                break
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
