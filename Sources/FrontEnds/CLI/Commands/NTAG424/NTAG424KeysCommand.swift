import TagWorkflows
import TapCardSupport

/// `tapcard ntag424 keys`: changes application keys, with typed confirmation; the new keys go to
/// a 0600 file or are printed once, never anywhere else.
struct NTAG424KeysCommand: Command {
    static let name = "ntag424 keys"
    static let summary = "Change NTAG 424 DNA keys (needs --yes-change-keys)."
    static let options: [OptionSpec] =
        [
            .json, .flag("--yes-change-keys", "Confirms the key change."),
            .value("--new-key", "N=HEX32", repeatable: true, "A new key for key N (repeatable)."),
            .flag("--generate", "New random keys for keys 0-4."),
            .value(
                "--old-key", "N=HEX32", repeatable: true, "The current key N, when not the factory key (repeatable)."),
            .value("--key-version", "V", "The new keys' version (default 1)."),
            .value("--new-keys-out", "FILE", "Write the new keys to FILE (created 0600, never overwritten)."),
            .flag("--print-new-keys", "Print the new keys once on standard output."),
        ] + TagTarget.options
    static let help = """
        Usage: tapcard ntag424 keys --yes-change-keys (--generate | --new-key N=HEX32 ...)
                 (--new-keys-out FILE | --print-new-keys) [--old-key N=HEX32 ...] [--key-version V]
                 [--tag FILE | --reader R] [--json]

        Authenticates with key 0 (--old-key 0=…, else the factory key), changes keys 1-4 with
        their old values, each checked by GetKeyVersion, and key 0 last, checked by
        authenticating with it. The new keys are written to --new-keys-out (mode 0600, refused if
        the file exists) before anything is sent, or printed once with --print-new-keys; they
        appear nowhere else (not in errors, not in --json). A change that stops part-way says
        which keys are new, which old, and which one may be either; run it again to finish.

        Options:
          --yes-change-keys      Required: without the new keys the tag cannot be changed again.
          --generate             Random new keys for keys 0-4.
          --new-key N=HEX32      A chosen new key for key N (repeatable).
          --old-key N=HEX32      The current key N (default: all zeros).
          --key-version V        The key version to set, 0-255 (default 1).
          --new-keys-out FILE    Where the new keys go (created 0600).
          --print-new-keys       Print them once instead.
          --json                 {changed, already_new, key_versions, keys_file}.
        \(TagTarget.helpLines)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let confirmed = arguments.flag("--yes-change-keys")
        let generate = arguments.flag("--generate")
        let printKeys = arguments.flag("--print-new-keys")
        let output = try arguments.option("--new-keys-out")
        var newKeys = try NTAG424Targets.numberedKeys(&arguments, "--new-key")
        let oldKeys = try NTAG424Targets.numberedKeys(&arguments, "--old-key")
        let version = try arguments.integer("--key-version") ?? 1
        guard (0...255).contains(version) else { throw UsageError("--key-version is 0 to 255.", command: name) }
        guard generate != !newKeys.isEmpty else {
            throw UsageError("Give either --generate or --new-key N=HEX32 (not both).", command: name)
        }
        guard (output != nil) != printKeys else {
            throw UsageError(
                "Give either --new-keys-out FILE or --print-new-keys, so the new keys are kept.", command: name)
        }
        guard confirmed else {
            throw UsageError(
                "Changing keys needs --yes-change-keys: without the new keys the tag can never be changed again. Nothing was sent.",
                command: name)
        }
        if generate {
            var random = SystemRandomNumberGenerator()
            for number in 0...4 { newKeys[number] = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) } }
        }
        let target = try await NTAG424Targets.open(&arguments, io: io, command: name)
        defer { target.close() }
        try target.finish(&arguments)
        let text = NTAG424KeysFile.text(newKeys, version: UInt8(version), uid: target.uid)
        if let output { try NTAG424KeysFile.write(text, to: output) }
        let report: NTAG424KeyChangeReport
        do {
            report = try await target.driver().changeKeys(
                to: newKeys, replacing: oldKeys, version: UInt8(version), confirmation: .changeKeys)
        } catch {
            try target.save()
            if printKeys { io.print(text) }
            throw error
        }
        try target.save()
        if printKeys { io.print(text) }
        if json {
            io.printJSON(
                .object([
                    ("changed", .array(report.changed.map(JSON.int))),
                    ("already_new", .array(report.alreadyNew.map(JSON.int))),
                    (
                        "key_versions",
                        .object(
                            report.keyVersions.keys.sorted().map { ("key_\($0)", .int(Int(report.keyVersions[$0]!))) })
                    ),
                    ("keys_file", output.map(JSON.string) ?? .null),
                ]))
        } else {
            io.print(
                "Keys changed on \(target.label): \(report.changed.map { "key \($0)" }.joined(separator: ", "))\(report.alreadyNew.isEmpty ? "" : "; already new: \(report.alreadyNew.map(String.init).joined(separator: ", "))")."
            )
            if let output { io.print("The new keys are in \(output) (mode 0600). Keep it safe.") }
        }
        return .success
    }
}
