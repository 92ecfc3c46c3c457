import CommandLineKit
import Foundation
import TapCardCLI
import Testing

/// Issue 26, item 7, words: every option a sentence suggests exists; a write that sent nothing
/// does not say "Wrote"; `ntag424 keys` names its own option for a
/// refused key; a UID with the cascade tag 88 is refused; `--print-new-keys --json` prints one
/// object.
@Suite struct WordsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every spelling any command (at any depth) or the dispatcher declares.
    static var declared: Set<String> {
        var names: Set<String> = ["--help", "--version"]
        var queue: [any Command.Type] = CommandRegistry.all
        while let command = queue.popLast() {
            for option in command.options { names.insert(option.name); names.formUnion(option.aliases) }
            queue += command.subcommands
        }
        for option in GlobalOptions.all { names.insert(option.name) }
        return names
    }

    @Test("Every --option a sentence of the CLI or the workflows suggests is declared by some command")
    func suggestedOptionsExist() throws {
        let declared = Self.declared
        var missing: [String] = []
        let pattern = try Regex("--[a-z][a-z0-9]*(-[a-z0-9]+)*")
        for folder in ["FrontEnds/CLI", "Workflows", "TagMappings"] {
            let root = Self.sources.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.contains("\"") && !line.contains("//") {
                    for match in line.matches(of: pattern) {
                        let option = String(line[match.range])
                        if !declared.contains(option) { missing.append("\(folder)/\(file): \(option)") }
                    }
                }
            }
        }
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test func wordsOnTheCommandLine() async throws {
        let home = try CLIHome("words")
        defer { home.remove() }
        // The cascade tag as UID0, and as UID3 of a double-size UID.
        for uid in ["88112233445566", "04112288445566"] {
            let refused = await home.run(["sim", "new", "ntag213", home.path + "/c\(uid).nfc", "--uid", uid])
            #expect(refused.status == 65)
            #expect(refused.io.errorOutput.contains("cascade tag"))
        }
        // sim's help lists every model sim new makes (it left out the Type 3 and Type 5 ones).
        let help = await home.run(["sim", "--help"])
        for model in ["icode-slix2", "st25dv04k", "felica-lite-s", "ntag424", "ntag213"] {
            #expect(help.io.outputText.contains(model), "\(model)")
        }
        let tag = try await home.newTag("ntag213", "t.nfc")
        #expect(await home.run(["write", "text", "same", "--tag", tag]).status == 0)
        let again = await home.run(["write", "text", "same", "--tag", tag])
        #expect(!again.io.outputText.contains("Wrote"))
        #expect(again.io.outputText.contains("was already on the tag"))
        let changed = await home.run(["write", "text", "samf", "--tag", tag])
        #expect(changed.io.outputText.contains("3 page writes to pages 5, 8"), "\(changed.io.outputText)")

        let t4 = try await home.newTag("ntag424", "k.t4")
        let wrong = await home.run(
            [
                "ntag424", "keys", "--tag", t4, "--yes-change-keys", "--print-new-keys", "--generate", "--old-key",
                "0=" + String(repeating: "1", count: 32),
            ])
        #expect(wrong.status == 1)
        #expect(wrong.io.errorOutput.contains("--old-key 0=HEX32"))
        #expect(!wrong.io.errorOutput.contains("with --key"))
        let json = await home.run(
            ["ntag424", "keys", "--tag", t4, "--yes-change-keys", "--print-new-keys", "--generate", "--json"])
        #expect(json.status == 0, "\(json.io.errorOutput)")
        #expect(json.io.outputText.split(separator: "\n").count == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.io.outputText.utf8)) as? [String: Any])
        let keys = try #require(object["new_keys"] as? [String: String])
        #expect(keys.count == 5 && keys.values.allSatisfy { $0.count == 32 })
    }
}
