import TapCardSupport

/// The `tapcard` entry point, usable in-process: `await CLI.run(["decode", "D1…"], io: io)`.
public enum CLI {
    public static let version = "0.1.0"

    /// Runs one command line (without the program name) and returns the exit status.
    public static func run(_ commandLine: [String], io: some CommandIO) async -> Int32 {
        guard let first = commandLine.first else {
            io.write(Array(overview.utf8))
            return ExitStatus.usage.rawValue
        }
        switch first {
        case "--help", "-h", "help":
            if commandLine.count > 1, let command = CommandRegistry.command(named: commandLine[1]) {
                io.write(Array(command.help.utf8))
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
        guard let command = CommandRegistry.command(named: first) else {
            io.printError("error: \(UsageError("Unknown command '\(first)'.").sentence)")
            return ExitStatus.usage.rawValue
        }
        var arguments = Arguments(Array(commandLine.dropFirst()), command: command.name)
        if arguments.wantsHelp && !command.handlesOwnHelp {
            io.write(Array(command.help.utf8))
            return ExitStatus.success.rawValue
        }
        do {
            return try await command.run(&arguments, io: io).rawValue
        } catch {
            return report(error, io: io).rawValue
        }
    }

    /// Prints `error` as one `error: …` line on stderr and chooses the exit status.
    @discardableResult
    public static func report(_ error: any Error, io: some CommandIO) -> ExitStatus {
        switch error {
        case let usage as UsageError:
            io.printError("error: \(usage.sentence)")
            return .usage
        case let error as any TapCardError:
            io.printError("error: \(error.sentence)")
            return (error as? any SpecificExitStatus)?.exitStatus ?? exitStatus(for: error.origin)
        default:
            io.printError("error: An unexpected internal error occurred: \(String(describing: error)).")
            return .software
        }
    }

    /// The exit status for an error of the given origin.
    public static func exitStatus(for origin: ErrorOrigin) -> ExitStatus {
        switch origin {
        case .input: .dataError
        case .refusal, .tag, .transport: .failure
        case .platform: .unavailable
        }
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

            Exit status: 0 success, 1 the operation failed or was refused, 64 usage error,
            65 malformed input data, 66 missing input file, 69 a needed service is unavailable,
            75 another tapcard was using the virtual tag file for all of --wait (try again).

            """
        return text
    }
}
