import TagWorkflows

/// `tapcard lock --yes-lock-permanently`: makes a tag read-only for ever.
struct LockCommand: Command {
    static let name = "lock"
    static let summary = "Make a tag permanently read-only (needs --yes-lock-permanently)."
    static let options: [OptionSpec] =
        [.json, .flag("--yes-lock-permanently", "Confirms that the tag can never be written again.")]
        + TagTarget.options + PasswordOptions.options + DatabaseOption.options
    static let help = """
        Usage: tapcard lock --yes-lock-permanently [--tag FILE] [--password HEX8] [--json] [--db PATH]

        IRREVERSIBLE. Sets the CC access byte to 0x0F, then every dynamic and static lock bit,
        then CFGLCK on chips with configuration pages (so nobody can later put a password on the
        locked tag). No command can ever make the tag writable again. Without
        --yes-lock-permanently nothing is sent to the tag. Every page the lock writes is checked
        against the tag's password protection before the first write: a lock on a protected tag
        without its password is refused whole, never left half-done. A completed lock is recorded in the TapCard database's write log
        (see 'tapcard tags').

        Options:
          --yes-lock-permanently  Confirms that the tag can never be written again.
        \(TagTarget.helpLines)
        \(PasswordOptions.help)
        \(TagRecording.help)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let confirmed = arguments.flag("--yes-lock-permanently")
        let json = arguments.flag("--json")
        let recording = try TagRecording.take(&arguments, io: io)
        let password = try PasswordOptions.parse(&arguments)
        let target: TagTarget
        switch try await OpenedTag.open(&arguments, io: io) {
        case .type2Reader(let session):
            try arguments.finish()
            return try await ReaderTagCommands.lock(
                session, password: password, confirmed: confirmed, json: json, recording: recording, io: io)
        case .type4(let type4):
            try type4.finish(&arguments)
            try Type4Commands.refusePassword(password, command: name)
            return try await Type4Commands.lock(type4, confirmed: confirmed, json: json, recording: recording, io: io)
        case .type2Virtual(let opened): target = opened
        }
        defer { target.close() }
        try arguments.finish()
        let before = target.tag.persistentState
        do {
            let report = try await password.session(target.tag, declaredModel: target.tag.model)
                .lock(confirmation: confirmed ? .permanent : nil)
            try target.save()
            PageOperationOutput.print(report, verb: "Locked", path: target.path, json: json, io: io)
            recording.pageOperation(report, operation: .lock, io: io)
            return .success
        } catch {
            if target.tag.persistentState != before { try target.save() }
            if error is LockRefusal { throw LockCommandRefusal.confirmationRequired }
            throw error
        }
    }
}
