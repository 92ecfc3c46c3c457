import CommandLineKit
import Foundation
import TapCardSupport

/// The `tapcard` entry point, usable in-process: `await CLI.run(["decode", "D1…"], io: io)`.
public enum CLI {
    public static let version = "0.1.0"

    /// Runs one command line (without the program name) and returns the exit status.
    /// `run` on the raw bytes of the arguments (the program name left out): an argument that is
    /// not UTF-8 is refused (65) before the command runs, instead of reaching it repaired with
    /// U+FFFD (``ArgumentEncodingError``). A command line that is wrong anyway (an unknown
    /// command, subcommand or option) is the usage error it would be without
    /// those bytes (64): the words are checked first, the text's encoding when it would be used.
    public static func run(rawArguments: [[UInt8]], io: some CommandIO) async -> Int32 {
        let texts = rawArguments.map { String(decoding: $0, as: UTF8.self) }
        return await run(texts, io: io, encodingProblem: ArgumentEncodingError.check(rawArguments))
    }

    public static func run(_ commandLine: [String], io: some CommandIO) async -> Int32 {
        await run(commandLine, io: io, encodingProblem: nil)
    }

    static func run(_ commandLine: [String], io: some CommandIO, encodingProblem: ArgumentEncodingError?) async
        -> Int32
    {
        // Global options may come before the command too (`tapcard -q version`): they move after it,
        // where every command's parser takes them.
        var commandLine = commandLine
        let leading = GlobalOptions.leading(in: commandLine)
        if leading > 0 {
            commandLine = Array(commandLine[leading...]) + Array(commandLine[..<leading])
            if commandLine.count == leading {
                // Only global options: the overview, as with nothing at all.
                io.write(Array(overview.utf8))
                return ExitStatus.usage.rawValue
            }
        }
        // With --json anywhere, a line that names no command still answers with one error object.
        let json = commandLine.contains("--json") || commandLine.contains("--jsonl")
        guard let first = commandLine.first else {
            io.write(Array(overview.utf8))
            return ExitStatus.usage.rawValue
        }
        switch first {
        case "--help", "-h", "help":
            if commandLine.count > 1, let command = CommandRegistry.command(named: commandLine[1]) {
                io.write(Array(helpText(command).utf8))
            } else {
                io.write(Array(overview.utf8))
            }
            return ExitStatus.success.rawValue
        case "--version":
            io.print("tapcard \(version)")
            return ExitStatus.success.rawValue
        default:
            break
        }
        guard let top = CommandRegistry.command(named: first) else {
            return report(UsageError(unknownCommand(first)), io: io, json: json).rawValue
        }
        var tokens = Array(commandLine.dropFirst())
        let command: any Command.Type
        switch resolve(top, tokens: &tokens, io: io, json: json) {
        case .command(let found): command = found
        case .exit(let status): return status.rawValue
        }
        return await execute(command, tokens: tokens, io: io, encodingProblem: encodingProblem)
    }

    enum Resolution {
        case command(any Command.Type)
        case exit(ExitStatus)
    }

    /// A group (`sim`, `focus`) takes the next word as its subcommand, as often as it nests.
    static func resolve(_ top: any Command.Type, tokens: inout [String], io: some CommandIO, json: Bool = false)
        -> Resolution
    {
        var command = top
        while !command.subcommands.isEmpty {
            guard let word = tokens.first, !Arguments.isOption(word) else {
                let asksHelp = tokens.contains("--help") || tokens.contains("-h")
                if json && !asksHelp {
                    let words = command.subcommands.map { CommandTree.lastWord(of: $0.name) }.joined(separator: ", ")
                    let error = UsageError(
                        "'\(command.name)' needs a subcommand: \(words).", command: command.name)
                    return .exit(report(error, io: io, json: true))
                }
                io.write(Array(helpText(command).utf8))
                return .exit(asksHelp ? .success : .usage)
            }
            var found: (any Command.Type)?
            var words: [String] = []
            for sub in command.subcommands {
                let subWord = CommandTree.lastWord(of: sub.name)
                words.append(subWord)
                if subWord == word { found = sub }
            }
            guard let found else {
                let error = UsageError(
                    "Unknown subcommand '\(word)'; '\(command.name)' has \(words.joined(separator: ", ")).",
                    command: command.name)
                return .exit(report(error, io: io, json: json))
            }
            command = found
            tokens.removeFirst()
        }
        return .command(command)
    }

    /// A command's `--help`: its own text, then how its key and password options take a secret
    /// off the command line (generated from the declarations, so every such option says it).
    static func helpText(_ command: any Command.Type) -> String {
        command.help + SecretInput.help(for: command.options)
    }

    /// Parses `tokens` against `command`'s declarations and runs it.
    static func execute<C: Command>(
        _ command: C.Type, tokens: [String], io: some CommandIO, encodingProblem: ArgumentEncodingError? = nil
    ) async -> Int32 {
        var arguments: Arguments
        do {
            arguments = try Arguments(
                tokens, command: C.name, options: OptionSpec.withSecretFileForms(C.options) + GlobalOptions.all)
        } catch {
            return report(error, io: io, json: tokens.contains("--json") || tokens.contains("--jsonl")).rawValue
        }
        if arguments.wantsHelp {
            io.write(Array(helpText(C.self).utf8))
            return ExitStatus.success.rawValue
        }
        do {
            if let encodingProblem { throw encodingProblem }
            io.style.quiet = arguments.flag("--quiet")
            if let color = try arguments.option("--color") {
                guard let choice = ColorChoice(rawValue: color) else {
                    throw UsageError("--color is auto, always or never, not '\(color)'.", command: C.name)
                }
                io.style.color = choice
            }
            try arguments.resolveSecrets(environment: io.environment) { option, source in
                try SecretInput.read(option: option, source: source, io: io)
            }
            return try await C.run(&arguments, io: io).rawValue
        } catch {
            return report(error, io: io, json: arguments.has("--json") || arguments.has("--jsonl")).rawValue
        }
    }

    private static func unknownCommand(_ word: String) -> String {
        let names = CommandRegistry.all.map { $0.name }
        if let close = names.min(by: { Arguments.distance($0, word) < Arguments.distance($1, word) }),
            Arguments.distance(close, word) <= 2
        {
            return "Unknown command '\(word)'; did you mean '\(close)'?"
        }
        return "Unknown command '\(word)'."
    }

    /// Prints `error` as one `error: …` line on stderr and chooses the exit status; with
    /// `json`, standard output also carries one JSON v1 error object (``ErrorJSON``).
    @discardableResult
    public static func report(_ error: any Error, io: some CommandIO, json: Bool = false) -> ExitStatus {
        let status = ExitStatus.of(error)
        let sentence =
            sentence(of: error) ?? "An unexpected internal error occurred: \(String(describing: error))."
        io.printError("error: \(sentence)")
        if json { io.printJSON(ErrorJSON.object(error, status: status)) }
        return status
    }

    /// An error's sentence as `tapcard` says it: a usage error names the program in its hint
    /// (CommandLineKit leaves the name to the program); `nil` for an error that is not ours.
    public static func sentence(of error: any Error) -> String? {
        if let usage = error as? UsageError { return usage.sentence(program: CommandTree.tapcard.program) }
        return (error as? any TapCardError)?.sentence
    }

    static var overview: String {
        var text = """
            tapcard \(version): read, write and trust NFC tags.

            Usage: tapcard <command> [options]
                   tapcard <command> --help

            Commands:

            """
        let width = CommandRegistry.all.map { $0.name.count }.max() ?? 0
        for command in CommandRegistry.all {
            let padding = String(repeating: " ", count: width - command.name.count + 2)
            text += "  \(command.name)\(padding)\(command.summary)\n"
        }
        text += """


            Exit status:

            """
        for entry in ExitStatus.table {
            text += "  \(entry.status)".padding(toLength: 6, withPad: " ", startingAt: 0) + entry.short + "\n"
        }
        text += """

            Global options (every command): --quiet, --color auto|always|never, --help.
            Shell completion: tapcard completions bash|zsh|fish; manual: tapcard manpage.

            """
        return text
    }
}
