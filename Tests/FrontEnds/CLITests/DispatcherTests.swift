import Foundation
import TapCardCLI
import Testing

@Suite("Dispatcher")
struct DispatcherTests {
    @Test("No arguments prints the overview and exits 64; --help exits 0")
    func overview() async {
        let io = CheckedIO()
        #expect(await CLI.run([], io: io) == 64)
        #expect(io.outputText.contains("Commands:"))
        let help = CheckedIO()
        #expect(await CLI.run(["--help"], io: help) == 0)
        #expect(help.outputText.contains("Usage: tapcard"))
    }

    @Test("An unknown command is a usage error on stderr, nothing on stdout")
    func unknownCommand() async {
        let io = CheckedIO()
        #expect(await CLI.run(["frobnicate"], io: io) == 64)
        #expect(io.output.isEmpty)
        #expect(io.errorOutput.hasPrefix("error: Unknown command 'frobnicate'."))
    }

    @Test("Every registered command has a summary and answers --help with exit 0")
    func everyCommandHasHelp() async {
        for command in CommandRegistry.all {
            #expect(!command.summary.isEmpty, "\(command.name) has no summary")
            let io = CheckedIO()
            #expect(await CLI.run([command.name, "--help"], io: io) == 0, "\(command.name) --help")
            #expect(io.outputText.contains("Usage: tapcard \(command.name)"), "\(command.name) --help text")
        }
    }

    @Test("No --help lists one option form twice (copy and write listed --auth-key HEX32 in two blocks)")
    func noOptionFormTwice() async {
        for command in CommandRegistry.all {
            let io = CheckedIO()
            _ = await CLI.run(command.name.split(separator: " ").map(String.init) + ["--help"], io: io)
            // An option line: two spaces, then the option and its argument, then two spaces.
            let forms = io.outputText.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("  --") else { return nil }
                let form = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
                return form.trimmingCharacters(in: .whitespaces)
            }
            let repeated = Dictionary(grouping: forms, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(command.name) --help lists \(repeated) more than once")
        }
    }

    @Test("--version prints the version")
    func version() async {
        let io = CheckedIO()
        #expect(await CLI.run(["--version"], io: io) == 0)
        #expect(io.outputText == "tapcard \(CLI.version)\n")
    }
}
