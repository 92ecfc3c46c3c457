import TagWorkflows
import TapCardSupport

/// `tapcard format`: NDEF-formats a blank tag.
struct FormatCommand: Command {
    static let name = "format"
    static let summary = "NDEF-format a blank tag (writes the one-time-programmable CC)."
    static let options: [OptionSpec] = [.json] + TagTarget.options + PasswordOptions.options + DatabaseOption.options
    static let help = """
        Usage: tapcard format [--tag FILE] [--password HEX8 [--pack HEX4]] [--json] [--db PATH]

        Writes an empty NDEF TLV (after the chip's factory Lock Control TLV, where it has one)
        and then the Capability Container. The CC is one-time programmable: bits can only be
        set, so a CC holding other bits can never be formatted, and TapCard refuses. A completed
        format is recorded in the TapCard database's write log (see 'tapcard tags'). A Type 4
        tag is refused: its NDEF application, CC file and NDEF file are made by its maker.

        Options:
        \(TagTarget.helpLines)
        \(PasswordOptions.help)
        \(TagRecording.help)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let recording = try TagRecording.take(&arguments, io: io)
        let password = try PasswordOptions.parse(&arguments)
        let target: TagTarget
        switch try await OpenedTag.open(&arguments, io: io) {
        case .type2Reader(let session):
            try arguments.finish()
            return try await ReaderTagCommands.format(
                session, password: password, json: json, recording: recording, io: io)
        case .type4(let type4):
            try type4.finish(&arguments)
            try Type4Commands.refusePassword(password, command: name)
            return try await Type4Commands.format(type4, io: io)
        case .type3(let type3):
            try type3.finish(&arguments)
            try Type3Commands.refusePassword(password, command: name)
            return try await Type3Commands.format(type3, json: json, recording: recording, io: io)
        case .type2Virtual(let opened): target = opened
        }
        defer { target.close() }
        try arguments.finish()
        let before = target.tag.persistentState
        do {
            let report = try await password.session(target.tag, declaredModel: target.tag.model).format()
            try target.save()
            PageOperationOutput.print(report, verb: "Formatted", path: target.path, json: json, io: io)
            recording.pageOperation(report, operation: .format, io: io)
            return .success
        } catch {
            if target.tag.persistentState != before { try target.save() }
            throw error
        }
    }
}
