import Foundation
import TapCardCLI
import TapCardSupport
import Testing

/// Issue 26, items 3, 4 and 7, at the dispatcher: global options are taken before the command as
/// after it; with `--json`, a line that names no command, a missing or unknown subcommand and an
/// option the command does not declare each answer with one JSON v1 error object on standard
/// output and nothing else; the unknown-command sentence gives one hint, not two.
@Suite struct CommandLineDispatchTests {
    private func run(_ arguments: [String]) async -> (status: Int32, io: CheckedIO) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tapcard-dispatch-\(UUID().uuidString)")
        let io = CheckedIO(environment: ["TAPCARD_HOME": home.path])
        let status = await CLI.run(arguments, io: io)
        try? FileManager.default.removeItem(at: home)
        return (status, io)
    }

    @Test(
        "Global options before the command are the same as after it",
        arguments: [
            ["-q", "version"], ["--quiet", "version"], ["--color", "never", "version"], ["--color=always", "version"],
        ]
    )
    func globalOptionsFirst(line: [String]) async {
        let result = await run(line)
        #expect(result.status == 0, "\(line): \(result.io.errorOutput)")
        #expect(result.io.outputText == "tapcard \(CLI.version)\n")
    }

    @Test("A bad --color value before the command is refused as after it")
    func badColorFirst() async {
        let before = await run(["--color", "sometimes", "version"])
        let after = await run(["version", "--color", "sometimes"])
        #expect(before.status == 64 && after.status == 64)
        #expect(before.io.errorOutput == after.io.errorOutput)
    }

    @Test(
        "With --json every dispatch failure is one error object on standard output",
        arguments: [
            ["bogus", "--json"], ["sim", "--json"], ["sim", "bogus", "--json"], ["read", "--bogus", "--json"],
            ["-q", "bogus", "--json"], ["sun", "verify", "--jsonl", "--bogus"],
        ])
    func jsonFailures(line: [String]) async throws {
        let result = await run(line)
        #expect(result.status == 64)
        let lines = result.io.outputText.split(separator: "\n")
        #expect(lines.count == 1, "\(line): \(result.io.outputText)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.io.outputText.utf8)) as? [String: Any])
        #expect(object["schema_version"] as? Int == 1)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["kind"] as? String == "usage_error")
        #expect(error["exit_status"] as? Int == 64)
    }

    @Test("An unknown command says so with one hint")
    func oneHint() async {
        let result = await run(["zzzzqqq"])
        #expect(result.status == 64)
        #expect(result.io.errorOutput == "error: Unknown command 'zzzzqqq'. See 'tapcard --help'.\n")
    }
}
