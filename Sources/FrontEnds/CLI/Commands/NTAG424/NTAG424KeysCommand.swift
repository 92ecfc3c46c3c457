import CommandLineKit
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
            .secret(
                "--new-key", "N=HEX32", environment: "TAPCARD_NEW_KEY", repeatable: true,
                "A new key for key N (repeatable)."),
            .flag("--generate", "New random keys for keys 0-4."),
            .secret(
                "--old-key", "N=HEX32", environment: "TAPCARD_OLD_KEY", repeatable: true,
                "The current key N, when not the factory key (repeatable)."),
            .value("--key-version", "V", "The new keys' version (default 1)."),
            .value("--new-keys-out", "FILE", "Write the new keys to FILE (created 0600, never overwritten)."),
            .flag("--print-new-keys", "Print the new keys once on standard output."),
            .value("--resume", "FILE", "Finish the change a keys file of an earlier run describes, and update it."),
            .value("--meta-key-number", "N", "With --master-key: the key that gets the meta-read key (default 1)."),
            .value("--file-key-number", "N", "With --master-key: the SDM file-read key (default 2)."),
        ] + MasterKeyOption.options + TearOptions.options + TagTarget.options
    static let help = """
        Usage: tapcard ntag424 keys --yes-change-keys (--generate | --new-key N=HEX32 ...)
                 (--new-keys-out FILE | --print-new-keys) [--old-key N=HEX32 ...] [--key-version V]
                 [--tag FILE | --reader R] [--json]
               tapcard ntag424 keys --yes-change-keys --resume FILE [--key-version V] [--tag FILE | --reader R]
               tapcard ntag424 keys --yes-change-keys --master-key HEX32 [--diversification S]
                 [--meta-key-number N] [--file-key-number N] [--old-key N=HEX32 ...] [--tag FILE | --reader R]

        Authenticates with key 0 (--old-key 0=…, else the factory key), changes keys 1-4 with
        their old values and key 0 last. A key counts as changed only when the tag proves it:
        key 0 by authenticating with its new value, keys 1-4 by accepting their ChangeKey (the
        tag checks the new key's CRC under the key it holds). A key whose old value does not fit
        is offered with its new value as the old one: accepted only when the tag already holds
        the new key (a rerun). When neither fits, that key is refused with the tag's answer and
        nothing after it is sent; never is a key judged new by its key version.

        The new keys (and the old ones, to finish later) are written to --new-keys-out (mode
        0600, refused if the file exists) before the first ChangeKey, every key marked pending;
        after the run the file says per key what the tag holds (tagN=new, old, uncertain after a
        tear, neither when refused). --resume FILE finishes the change from such a file and
        updates it. With --print-new-keys they are printed once instead; they appear nowhere
        else (not in errors, not in --json).

        --master-key HEX32 sets the keys a backend derives from that master key and the tag's UID
        (sun verify --master-key): with --diversification sdm-backend (the default, nfc-developer's
        sdm-backend) key 1 (--meta-key-number) gets the meta-read key HMAC-SHA256(master,
        "PICCDataKey") and every other key N its own key diversified by the UID for number N; with
        an10922 only the SDM file-read key (--file-key-number, default 2) is diversified (AN10922,
        the UID and --system-identifier), the meta-read key is the shared --new-key for
        --meta-key-number, and the others stay unless given with --new-key. Set the SDM file up
        with the same numbers (ntag424 sdm setup --meta-key-number 1 --file-key-number 2). The
        keys can always be derived again, so no keys file is needed; the same command finishes a
        change that stopped.

        Options:
          --yes-change-keys      Required: without the new keys the tag cannot be changed again.
          --generate             Random new keys for keys 0-4.
          --new-key N=HEX32      A chosen new key for key N (repeatable).
          --old-key N=HEX32      The current key N (default: all zeros).
          --key-version V        The key version to set, 0-255 (default 1).
          --new-keys-out FILE    Where the new keys go (created 0600).
          --print-new-keys       Print them once instead.
          --resume FILE          Finish an earlier run from its keys file (and update it).
          --master-key HEX32     Derive the new keys from a master key and the tag's UID.
          --diversification S    sdm-backend (default) or an10922.
          --system-identifier HEX  an10922: the bytes after the UID in the input.
          --meta-key-number N    With --master-key: the meta-read key's number (default 1).
          --file-key-number N    With --master-key: the file-read key's number (default 2).
          --json                 {changed, already_new, key_versions, keys_file}.
          --simulate-tear-after N  (virtual tags) Let exactly N commands complete, then take the
                                   tag out of the field (the same reports as a real tear).
          --tear-mode MODE       not-delivered (default), reply-lost or corrupted-write.
        \(TagTarget.helpLines)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let confirmed = arguments.flag("--yes-change-keys")
        let generate = arguments.flag("--generate")
        let printKeys = arguments.flag("--print-new-keys")
        var output = try arguments.option("--new-keys-out")
        var newKeys = try NTAG424Targets.numberedKeys(&arguments, "--new-key")
        var oldKeys = try NTAG424Targets.numberedKeys(&arguments, "--old-key")
        let resume = try arguments.option("--resume")
        if let resume {
            guard newKeys.isEmpty, oldKeys.isEmpty, !generate, output == nil, !printKeys else {
                throw UsageError(
                    "--resume FILE takes the keys from FILE: leave out --new-key, --old-key, --generate, --new-keys-out and --print-new-keys.",
                    command: name)
            }
            let text: String
            switch InputFile.read(resume) {
            case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
            case .failure(let error):
                io.printError("error: \(error.sentence)")
                return .noInput
            }
            let contents = try NTAG424KeysFile.parse(text, path: resume)
            newKeys = contents.newKeys
            oldKeys = contents.oldKeys
            output = resume
        }
        let master = try MasterKeyOption.parse(&arguments, command: name)
        let metaNumber = try arguments.integer("--meta-key-number")
        let fileNumber = try arguments.integer("--file-key-number")
        if master == nil, metaNumber != nil || fileNumber != nil {
            throw UsageError("--meta-key-number and --file-key-number only matter with --master-key.", command: name)
        }
        for (option, value) in [("--meta-key-number", metaNumber), ("--file-key-number", fileNumber)] {
            if let value, !(0...4).contains(value) {
                throw UsageError("\(option) is \(value); NTAG 424 DNA keys are 0 to 4.", command: name)
            }
        }
        if master != nil {
            guard resume == nil, !generate else {
                throw UsageError("--master-key derives the new keys; leave out --generate and --resume.", command: name)
            }
        }
        let version = try arguments.integer("--key-version") ?? 1
        guard (0...255).contains(version) else { throw UsageError("--key-version is 0 to 255.", command: name) }
        guard resume != nil || master != nil || generate != !newKeys.isEmpty else {
            throw UsageError("Give either --generate or --new-key N=HEX32 (not both).", command: name)
        }
        // Derived keys can be derived again: a keys file is optional, never both outputs.
        guard resume != nil || (output != nil) != printKeys || (master != nil && output == nil && !printKeys) else {
            throw UsageError(
                "Give either --new-keys-out FILE or --print-new-keys, so the new keys are kept.", command: name)
        }
        guard confirmed else {
            throw ConfirmationRequired.changeKeys
        }
        if generate {
            var random = SystemRandomNumberGenerator()
            for number in 0...4 { newKeys[number] = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) } }
        }
        let tear = try TearOptions.parse(&arguments)
        let target = try await NTAG424Targets.open(&arguments, io: io, command: name)
        defer { target.close() }
        try target.finish(&arguments)
        try tear.requireField(target.opened, command: name)
        if let master {
            let uid = try MasterKeyOption.uid(target.uid, command: name)
            let metaSlot = metaNumber ?? 1
            let fileSlot = fileNumber ?? 2
            guard metaSlot != fileSlot else {
                throw UsageError(
                    "The meta-read and file-read keys need two key numbers; both are \(metaSlot).", command: name)
            }
            if master.scheme == .an10922, newKeys[metaSlot] == nil {
                throw UsageError(
                    "AN10922 cannot diversify the meta-read key (PICCData is decrypted before the UID is known): give the shared meta key as --new-key \(metaSlot)=HEX32, and to sun verify as --meta-key.",
                    command: name)
            }
            if newKeys[metaSlot] == master.master {
                throw UsageError(
                    "--new-key \(metaSlot) is the master key itself: every tag would hold it, and one tag's key \(metaSlot) would give away every tag's keys. Give a separate shared meta key.",
                    command: name)
            }
            let derivation = try master.derivation(
                metaKeyNumber: metaSlot, fileKeyNumber: fileSlot, metaKey: newKeys[metaSlot])
            for number in 0...4 {
                guard let key = derivation.tagKey(number: number, uid: uid) else { continue }
                if let given = newKeys[number], given != key {
                    throw UsageError(
                        "--new-key \(number) and --master-key both set key \(number); give one.", command: name)
                }
                newKeys[number] = key
            }
        }
        let text = NTAG424KeysFile.text(newKeys, old: oldKeys, version: UInt8(version), uid: target.uid)
        // Before the first ChangeKey: a key can never be lost, and the file says nothing is proven yet.
        if let output {
            if resume != nil {
                try NTAG424KeysFile.replace(output, with: text)
            } else {
                try NTAG424KeysFile.write(text, to: output)
            }
        }
        func record(_ states: [Int: NTAG424KeysFile.State]) throws {
            guard let output else { return }
            try NTAG424KeysFile.replace(
                output,
                with: NTAG424KeysFile.text(
                    newKeys, old: oldKeys, states: states, version: UInt8(version), uid: target.uid))
        }
        let report: NTAG424KeyChangeReport
        do {
            report = try await tear.arming(target.opened) {
                try await target.driver().changeKeys(
                    to: newKeys, replacing: oldKeys, version: UInt8(version), confirmation: .changeKeys)
            }
        } catch {
            try target.save()
            // With --json, standard output holds the error object alone: the keys go to stderr.
            if printKeys { json ? io.printError(text) : io.print(text) }
            var states: [Int: NTAG424KeysFile.State] = [:]
            for number in newKeys.keys { states[number] = .old }
            if let refused = error as? NTAG424KeyChangeRefused {
                for number in refused.changed + refused.alreadyNew { states[number] = .new }
                states[refused.key] = .neither
            } else if let interrupted = error as? NTAG424KeyChangeInterrupted {
                for number in interrupted.changed { states[number] = .new }
                if let uncertain = interrupted.uncertain { states[uncertain] = .uncertain }
            }
            try record(states)
            if let output, let refused = error as? NTAG424KeyChangeRefused {
                io.printError(
                    "note: \(output) says per key what the tag holds (tagN=); key \(refused.key)'s old value in it is not the tag's: put the right one in old\(refused.key)= and run --resume \(output)."
                )
            } else if let output {
                io.printError(
                    "note: \(output) says per key what the tag holds (tagN=); tapcard ntag424 keys --yes-change-keys --resume \(output) finishes the change."
                )
            }
            if case .keyRefused(let number, let status, let model) = error as? Type4LockRefusal {
                throw NTAG424OldKeyRefused(keyNumber: number, status: status, model: model)
            }
            throw error
        }
        try target.save()
        try record(Dictionary(uniqueKeysWithValues: newKeys.keys.map { ($0, .new) }))
        if printKeys && !json { io.print(text) }
        if json {
            let printed: [(String, JSON)] =
                printKeys
                ? [
                    (
                        "new_keys",
                        .object(newKeys.keys.sorted().map { ("key_\($0)", .string(Hex.encode(newKeys[$0]!))) })
                    )
                ] : []
            io.printJSON(
                .object(
                    [
                        ("changed", .array(report.changed.map(JSON.int))),
                        ("already_new", .array(report.alreadyNew.map(JSON.int))),
                        (
                            "key_versions",
                            .object(
                                report.keyVersions.keys.sorted().map {
                                    ("key_\($0)", .int(Int(report.keyVersions[$0]!)))
                                })
                        ),
                        ("keys_file", output.map(JSON.string) ?? .null),
                    ] + printed))
        } else {
            let changed = report.changed.isEmpty ? "none" : report.changed.map { "key \($0)" }.joined(separator: ", ")
            let already =
                report.alreadyNew.isEmpty
                ? ""
                : "; already new (proven by the tag): \(report.alreadyNew.map { "key \($0)" }.joined(separator: ", "))"
            io.print("Keys changed on \(target.label): \(changed)\(already).")
            if let output { io.print("The new keys are in \(output) (mode 0600). Keep it safe.") }
        }
        return .success
    }
}
