import TagWorkflows
import TapCardSupport

/// `tapcard format`: NDEF-formats a blank tag.
struct FormatCommand: Command {
    static let name = "format"
    static let summary = "NDEF-format a blank tag (writes the one-time-programmable CC)."
    static let help = """
        Usage: tapcard format [--tag FILE] [--json]

        Writes an empty NDEF TLV (after the chip's factory Lock Control TLV, where it has one)
        and then the Capability Container. The CC is one-time programmable: bits can only be
        set, so a CC holding other bits can never be formatted, and TapCard refuses.

        Options:
        \(TagTarget.helpLines)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        if let session = try ReaderTagCommands.session(&arguments, io: io) {
            try arguments.finish()
            return try await ReaderTagCommands.format(session, json: json, io: io)
        }
        let target = try TagTarget.open(&arguments, io: io)
        try arguments.finish()
        let before = target.tag.memory
        do {
            let report = try await Type2Tag(transport: target.tag, declaredModel: target.tag.model).format()
            try target.save()
            PageOperationOutput.print(report, verb: "Formatted", path: target.path, json: json, io: io)
            return .success
        } catch {
            if target.tag.memory != before { try target.save() }
            throw error
        }
    }
}
