import CommandLineKit
import Foundation
import TapCardCLI
import TapCardSupport
import Testing

/// Issue 26, item 3: every command and subcommand, run with `--json` and a command line it must
/// refuse, prints one JSON v1 error object on standard output and nothing else, with exit 64 (the
/// documents are then checked against the schema with every other, scripts/check-json-schema.py).
@Suite struct EveryCommandJSONFailureTests {
    /// Every leaf command, as the words that name it.
    static var paths: [[String]] {
        var paths: [[String]] = []
        var queue: [any Command.Type] = CommandRegistry.all
        while let command = queue.popLast() {
            if command.subcommands.isEmpty {
                paths.append(command.name.split(separator: " ").map(String.init))
            } else {
                queue += command.subcommands
            }
        }
        return paths.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }

    @Test func everyCommandRefusesWithOneErrorObject() async throws {
        #expect(Self.paths.count > 30)
        for path in Self.paths {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent(
                "tapcard-every-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            let io = CheckedIO(environment: ["TAPCARD_HOME": home.path])
            let status = await CLI.run(path + ["--json", "--no-such-option-anywhere"], io: io)
            #expect(status == 64, "\(path)")
            let lines = io.outputText.split(separator: "\n")
            #expect(lines.count == 1, "\(path): \(io.outputText)")
            let object = try? JSONSerialization.jsonObject(with: Data(io.outputText.utf8)) as? [String: Any]
            let error = object?["error"] as? [String: Any]
            #expect(error?["kind"] as? String == "usage_error", "\(path): \(io.outputText)")
            #expect(!FileManager.default.fileExists(atPath: home.path), "\(path) created its data directory")
        }
    }
}
