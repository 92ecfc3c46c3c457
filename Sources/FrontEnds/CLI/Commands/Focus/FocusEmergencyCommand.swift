import CommandLineKit
import Focus
import FocusSessions
import TapCardSupport

/// `tapcard focus emergency`: end the session without the tag, using one limited exit.
struct FocusEmergencyCommand: Command {
    static let name = "focus emergency"
    static let summary = "End the running session without the tag (limited: 3 per 28 days by default)."
    static let options: [OptionSpec] = [.json] + FocusOptions.options
    static let help = """
        Usage: tapcard focus emergency [--json] [--db PATH] [--profile NAME]

        Ends the running session without the tag, ignoring its minimum duration. Emergency exits
        are limited (default 3 in any 28 days) and recorded in the history as emergency endings;
        when none remain, the refusal says when the next one becomes available.

        Options:
          --json              Print {"outcome": emergency|ended-by-timer, "session": …, "emergency": …}.

        """ + FocusOptions.help

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let options = try FocusOptions.parse(&arguments, io: io)
        try arguments.finish()
        let outcome = try options.controller().emergencyExit(at: CLIClock.now(io))
        if json {
            switch outcome {
            case .ended(let session, let budget):
                io.printJSON(
                    JSON.object([
                        ("outcome", .string("emergency")), ("session", FocusJSON.session(session)),
                        ("emergency", FocusJSON.budget(budget)),
                    ]))
            case .endedByTimer(let session):
                io.printJSON(
                    JSON.object([("outcome", .string("ended-by-timer")), ("session", FocusJSON.session(session))])
                )
            }
        } else {
            io.print(FocusWords.describe(outcome))
        }
        return .success
    }
}
