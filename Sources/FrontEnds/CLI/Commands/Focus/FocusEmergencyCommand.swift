import Focus
import ViewModels

/// `tapcard focus emergency`: end the session without the tag, using one limited exit.
struct FocusEmergencyCommand: Command {
    static let name = "focus emergency"
    static let summary = "End the running session without the tag (limited: 3 per 28 days by default)."
    static let help = """
        Usage: tapcard focus emergency [--db PATH] [--profile NAME]

        Ends the running session without the tag, ignoring its minimum duration. Emergency exits
        are limited (default 3 in any 28 days) and recorded in the history as emergency endings;
        when none remain, the refusal says when the next one becomes available.

        """ + FocusOptions.help

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let options = try FocusOptions.parse(&arguments, io: io)
        try arguments.finish()
        let outcome = try options.controller().emergencyExit(at: CLIClock.now(io))
        io.print(FocusWords.describe(outcome))
        return .success
    }
}
