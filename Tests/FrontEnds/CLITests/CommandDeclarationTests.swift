import CommandLineKit
import TapCardCLI
import Testing

/// Every command, through the dispatcher: its declared options are the whole truth (an unknown
/// one is refused with exit 64 and named), `--opt=value` and `--opt value` are the same, its help
/// names every option it declares, and the global options work everywhere.
@Suite struct CommandDeclarationTests {
    /// Every runnable command: the top-level ones and the subcommands of the groups, at any
    /// depth (`ntag424 sdm setup`).
    static var commands: [any Command.Type] {
        func runnable(_ command: any Command.Type) -> [any Command.Type] {
            command.subcommands.isEmpty ? [command] : command.subcommands.flatMap(runnable)
        }
        return CommandRegistry.all.flatMap(runnable)
    }

    static func words(_ command: any Command.Type) -> [String] {
        command.name.split(separator: " ").map(String.init)
    }

    @Test func anUnknownOptionIsAUsageErrorInEveryCommand() async {
        for command in Self.commands {
            let io = CheckedIO()
            let status = await CLI.run(Self.words(command) + ["--no-such-option"], io: io)
            #expect(status == 64, "\(command.name): \(io.errorOutput)")
            #expect(io.errorOutput.contains("Unknown option '--no-such-option'"), "\(command.name)")
            #expect(io.output.isEmpty, "\(command.name)")
        }
    }

    @Test func aMisspeltOptionIsAnsweredWithTheNearestOne() async {
        let io = CheckedIO()
        #expect(await CLI.run(["read", "--jsno"], io: io) == 64)
        #expect(io.errorOutput.contains("did you mean '--json'?"))
    }

    @Test func helpNamesEveryDeclaredOption() async {
        for command in Self.commands {
            let io = CheckedIO()
            #expect(await CLI.run(Self.words(command) + ["--help"], io: io) == 0, "\(command.name)")
            let help = io.outputText
            for option in command.options {
                #expect(help.contains(option.name), "\(command.name) --help does not mention \(option.name)")
            }
        }
    }

    /// `write --tag t.nfc uri https://x` failed with "Unknown message kind 't.nfc'" when a value
    /// could be taken as a positional (design review §1.6).
    @Test func optionsBeforePositionalsWork() async throws {
        let io = CheckedIO()
        #expect(await CLI.run(["encode", "text", "--lang", "fr", "Bonjour"], io: io) == 0, "\(io.errorOutput)")
        let before = io.outputText
        let after = CheckedIO()
        #expect(await CLI.run(["encode", "text", "Bonjour", "--lang=fr"], io: after) == 0)
        #expect(after.outputText == before)
        let first = CheckedIO()
        #expect(await CLI.run(["encode", "--lang", "fr", "text", "Bonjour"], io: first) == 0)
        #expect(first.outputText == before)
        // The text is "Bonjour" in French: 54 … 02 'f' 'r' 'B' …
        #expect(before.contains("5402667242"))
    }

    @Test func anOptionThatDoesNotApplyIsRefused() async {
        let io = CheckedIO()
        #expect(await CLI.run(["encode", "uri", "https://example.com", "--lang", "fr"], io: io) == 64)
        #expect(io.errorOutput.contains("--lang does not apply here"))
    }

    @Test func unknownCommandsAndSubcommandsAreUsageErrors() async {
        let io = CheckedIO()
        #expect(await CLI.run(["wirte"], io: io) == 64)
        #expect(io.errorOutput.contains("did you mean 'write'?"))
        let sub = CheckedIO()
        #expect(await CLI.run(["sim", "nwe"], io: sub) == 64)
        #expect(sub.errorOutput.contains("'sim' has new, import, export, show"))
        let bare = CheckedIO()
        #expect(await CLI.run(["focus"], io: bare) == 64)
        #expect(bare.outputText.contains("Usage: tapcard focus"))
    }
}
