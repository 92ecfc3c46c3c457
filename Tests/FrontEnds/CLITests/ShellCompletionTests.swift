import CommandLineKit
import Foundation
import Testing

@testable import TapCardCLI

/// The completion scripts and the man page, generated from the declarations, checked by the
/// real shells and groff.
@Suite struct ShellCompletionTests {
    func output(_ arguments: [String]) async -> String {
        let io = CheckedIO()
        #expect(await CLI.run(arguments, io: io) == 0, "\(arguments): \(io.errorOutput)")
        return io.outputText
    }

    func file(_ text: String, _ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "tapcard-shell-" + UUID().uuidString + "-" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs `program arguments` and returns its exit status and standard output and error.
    func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String)? {
        guard
            let path = ["/usr/bin/", "/bin/"].map({ $0 + program }).first(where: FileManager.default.isExecutableFile)
        else {
            if ProcessInfo.processInfo.environment["TAPCARD_REQUIRE_PEERS"] != nil {
                Issue.record("\(program) is required here (TAPCARD_REQUIRE_PEERS) but not installed")
            }
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, errors)
    }

    @Test func bashAcceptsTheScriptAndCompletesCommandsSubcommandsOptionsAndValues() async throws {
        let path = try file(await output(["completions", "bash"]), "tapcard.bash")
        let syntax = try #require(try run("bash", ["-n", path]))
        #expect(syntax.status == 0, "\(syntax.err)")
        let probe = """
            source '\(path)'
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tapcard; echo "${COMPREPLY[*]}"; }
            complete_words tapcard wr
            complete_words tapcard sim n
            complete_words tapcard write uri x --tear-mode ''
            complete_words tapcard protect --read-p
            complete_words tapcard completions ''
            """
        let result = try #require(try run("bash", ["-c", probe]))
        #expect(result.status == 0, "\(result.err)")
        #expect(
            result.out.split(separator: "\n").map(String.init) == [
                "write", "new", "not-delivered reply-lost corrupted-write", "--read-protect", "bash zsh fish",
            ])
    }

    /// Issue 26, item 6: positionals complete their values (models for `sim new`, record kinds for
    /// `write`), the Nth positional its own (a file after the model), and global options before the
    /// command are skipped with their values, in bash and in fish's own completion engine. Before,
    /// `sim new <TAB>` and `write <TAB>` offered file names and `--color never sim <TAB>` nothing.
    @Test func positionalValuesAndGlobalOptionsAnywhere() async throws {
        let path = try file(await output(["completions", "bash"]), "tapcard.bash")
        let probe = """
            source '\(path)'
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tapcard; echo "${COMPREPLY[*]}"; }
            complete_words tapcard sim new icode
            complete_words tapcard write sm
            complete_words tapcard --color never sim ''
            complete_words tapcard -q sim new felica
            complete_words tapcard --color ''
            complete_words tapcard sim new ntag213 /nonexistent-dir-for-tapcard/x
            """
        let result = try #require(try run("bash", ["-c", probe]))
        #expect(result.status == 0, "\(result.err)")
        #expect(
            result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
                "icode-slix2", "smartposter sms", "new import export show", "felica-lite-s", "auto always never", "",
                "",
            ])
        let fish = try file(await output(["completions", "fish"]), "tapcard.fish")
        for (line, expected) in [
            ("tapcard sim new ", "st25dv04k"), ("tapcard --color never sim ", "export"), ("tapcard write ", "wifi"),
        ] {
            if let result = try run("fish", ["-c", "source '\(fish)'; complete -C '\(line)'"]) {
                #expect(result.out.split(separator: "\n").contains { $0.hasPrefix(expected) }, "\(line): \(result.out)")
            }
        }
    }

    /// A group inside a group (`ntag424 sdm`): its subcommands, then the nested command's options.
    @Test func nestedGroupsCompleteEveryLevel() async throws {
        let path = try file(await output(["completions", "bash"]), "tapcard.bash")
        let probe = """
            source '\(path)'
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tapcard; echo "${COMPREPLY[*]}"; }
            complete_words tapcard ntag424 s
            complete_words tapcard ntag424 sdm ''
            complete_words tapcard ntag424 sdm setup --url-t
            complete_words tapcard ntag424 sdm setup --file-key-n
            """
        if let result = try run("bash", ["-c", probe]) {
            #expect(result.status == 0, "\(result.err)")
            #expect(
                result.out.split(separator: "\n").map(String.init) == [
                    "sdm", "setup", "--url-template", "--file-key-number",
                ])
        }
        let zsh = await output(["completions", "zsh"])
        #expect(zsh.contains("if [[ \"$path\" == 'ntag424 sdm' ]]; then\n        if (( CURRENT == 4 )); then"))
        #expect(zsh.contains("\"ntag424 sdm setup\")"))
        let fish = await output(["completions", "fish"])
        #expect(
            fish.contains(
                "-n '__fish_seen_subcommand_from ntag424; and __fish_seen_subcommand_from sdm; and not __fish_seen_subcommand_from setup' -a setup"
            ))
        #expect(fish.contains("__fish_seen_subcommand_from setup' -l url-template"))
    }

    @Test func zshAndFishAcceptTheirScripts() async throws {
        let zsh = try file(await output(["completions", "zsh"]), "_tapcard")
        if let result = try run("zsh", ["-n", zsh]) { #expect(result.status == 0, "\(result.err)") }
        let fish = try file(await output(["completions", "fish"]), "tapcard.fish")
        if let result = try run("fish", ["--no-execute", fish]) { #expect(result.status == 0, "\(result.err)") }
    }

    @Test func everyCommandIsInEveryScriptAndTheManPage() async throws {
        let scripts = [
            await output(["completions", "bash"]), await output(["completions", "zsh"]),
            await output(["completions", "fish"]), await output(["manpage"]),
        ]
        for command in CommandRegistry.all {
            for script in scripts {
                #expect(script.contains(command.name), "\(command.name)")
            }
        }
        #expect(scripts[3].contains("\\-\\-yes\\-lock\\-permanently"))
    }

    @Test func groffRendersTheManPageWithoutAWarning() async throws {
        let path = try file(await output(["manpage"]), "tapcard.1")
        if let result = try run("groff", ["-man", "-Tutf8", "-ww", "-z", path]) {
            #expect(result.status == 0)
            #expect(result.err.isEmpty, "\(result.err)")
        }
        if let result = try run("man", ["-l", "-P", "cat", path]) {
            #expect(result.status == 0, "\(result.err)")
            #expect(result.out.contains("tapcard protect"))
            #expect(result.out.contains("EXIT STATUS"))
        }
    }

    /// The bash script skips an option's value with one case pattern for every command (a word
    /// after `--tag` is the tag's file, never a command or a positional), so a spelling must take a
    /// value in every command that declares it or in none.
    @Test func anOptionTakesAValueInEveryCommandOrInNone() {
        let tree = CommandTree.tapcard
        var takesValue: [String: Bool] = [:]
        var mixed: [String] = []
        for option in tree.entries.flatMap(\.options) + tree.globalOptions {
            for spelling in option.spellings {
                if let known = takesValue[spelling], known != option.takesValue, !mixed.contains(spelling) {
                    mixed.append(spelling)
                }
                takesValue[spelling] = option.takesValue
            }
        }
        #expect(mixed.isEmpty, "a flag in one command and valued in another: \(mixed)")
        #expect(takesValue.values.filter { $0 }.count > 40 && takesValue.values.filter { !$0 }.count > 20)
    }

    @Test func unknownShellIsAUsageError() async {
        let io = CheckedIO()
        #expect(await CLI.run(["completions", "tcsh"], io: io) == 64)
    }
}
