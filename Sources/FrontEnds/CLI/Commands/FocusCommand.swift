import CommandLineKit

/// `tapcard focus <subcommand>`: focus sessions that only a paired tag can end.
struct FocusCommand: Command {
    static let name = "focus"
    static let summary =
        "Focus sessions only your paired tag can end (pair, tap, status, history, emergency, settings, unpair)."
    static let options: [OptionSpec] = []

    static var subcommands: [any Command.Type] {
        [
            FocusPairCommand.self, FocusTapCommand.self, FocusStatusCommand.self, FocusHistoryCommand.self,
            FocusEmergencyCommand.self, FocusSettingsCommand.self, FocusUnpairCommand.self,
        ]
    }

    static var help: String {
        var text = """
            Usage: tapcard focus <subcommand> [options]
                   tapcard focus <subcommand> --help

            A focus timer you cannot stop without walking to the tag: pair a tag that lives somewhere
            else (downstairs, the kitchen drawer); tapping it starts a session, tapping it again ends
            it. Any other tag is refused. A limited emergency exit (3 per 28 days by default) is there
            for real emergencies and is recorded as such.

            Subcommands:

            """
        for command in subcommands {
            let word = String(command.name.dropFirst("focus ".count))
            text += "  \(word)" + String(repeating: " ", count: max(2, 12 - word.count)) + command.summary + "\n"
        }
        text += """

            Example:
              tapcard focus pair --tag A.nfc --location "kitchen drawer"
              tapcard focus tap --tag A.nfc        # started
              tapcard focus tap --tag B.nfc        # refused: it's the one in the kitchen drawer
              tapcard focus tap --tag A.nfc        # ended
              tapcard focus history

            """
        return text
    }

    /// Never called: the dispatcher runs the subcommand the next word names.
    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        throw UsageError("'focus' needs a subcommand.", command: name)
    }
}
