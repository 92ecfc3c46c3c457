import TagWorkflows

/// `tapcard erase`: leaves the tag formatted with an empty NDEF message.
struct EraseCommand: Command {
    static let name = "erase"
    static let summary = "Empty the NDEF message on a tag (it stays formatted and writable)."
    static let options: [OptionSpec] = TagWriteRunner.options + TagTarget.options + DatabaseOption.options
    static let help = """
        Usage: tapcard erase [options]

        Sets the NDEF message to empty (NDEF TLV length 0; on a Type 4 tag NLEN 00 00), with the
        same checks and tearing-safe order as 'write'. A completed erase is recorded in the TapCard database's
        write log (see 'tapcard tags').

        Options:
        \(TagTarget.helpLines)
        \(PasswordOptions.help)
        \(TagRecording.help)
        \(TagWriteRunner.tearHelpLines)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let options = try TagWriteRunner.options(&arguments)
        let recording = try TagRecording.take(&arguments, io: io)
        let target: TagTarget
        switch try await OpenedTag.open(&arguments, io: io) {
        case .type2Reader(let session):
            try arguments.finish()
            return try await ReaderTagCommands.write(nil, session, options: options, recording: recording, io: io)
        case .type4(let type4):
            try type4.finish(&arguments)
            return try await Type4Commands.write(nil, type4, options: options, recording: recording, io: io)
        case .type3(let type3):
            try type3.finish(&arguments)
            return try await Type3Commands.write(nil, type3, options: options, recording: recording, io: io)
        case .type5(let type5):
            try type5.finish(&arguments)
            return try await Type5Commands.write(nil, type5, options: options, recording: recording, io: io)
        case .type2Virtual(let opened): target = opened
        }
        defer { target.close() }
        try arguments.finish()
        guard let report = try await TagWriteRunner.run(nil, target: target, options: options, io: io) else {
            return .failure
        }
        TagWriteRunner.print(report, path: target.path, json: options.json, io: io)
        recording.write(report, message: [], operation: .erase, io: io)
        return .success
    }
}
