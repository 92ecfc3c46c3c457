import TagWorkflows

/// `tapcard read`: the NDEF message on a tag, with as few commands as the chip allows.
struct ReadCommand: Command {
    static let name = "read"
    static let summary = "Read the NDEF message on a tag (a virtual tag by default)."
    static let help = """
        Usage: tapcard read [--tag FILE] [--json] [--db PATH]

        Reads the tag's NDEF message: GET_VERSION, one READ of the header, then READ/FAST_READ
        over the NDEF TLV only. Prints the records, the tag's NDEF status and its capacity.
        A tag whose write was interrupted is reported as such ("rewrite this tag"). The tag (UID,
        chip, capacity) is recorded in the TapCard database (see 'tapcard tags').

        Options:
        \(TagTarget.helpLines)
        \(TagRecording.help)

        Example:
          tapcard read --tag card.nfc --json

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let recording = try TagRecording.take(&arguments, io: io)
        if let session = try ReaderTagCommands.session(&arguments, io: io) {
            try arguments.finish()
            return try await ReaderTagCommands.read(session, json: json, recording: recording, io: io)
        }
        let target = try await TagTarget.open(&arguments, io: io, access: .reading)
        defer { target.close() }
        try arguments.finish()
        let report = try await Type2Tag(transport: target.tag, declaredModel: target.tag.model).read()
        let status = ReadOutput.print(report, path: target.path, json: json, io: io)
        recording.read(report, io: io)
        return status
    }
}
