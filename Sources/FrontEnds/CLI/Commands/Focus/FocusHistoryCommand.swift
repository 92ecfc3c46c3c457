import CommandLineKit
import Focus
import FocusSessions
import TapCardSupport

/// `tapcard focus history`: past sessions and how each ended.
struct FocusHistoryCommand: Command {
    static let name = "focus history"
    static let summary = "List sessions, newest first, with how each ended (tag, timer, emergency)."
    static let options: [OptionSpec] =
        [.json, .value("--limit", "N", "Show at most N sessions.")] + FocusOptions.options
    static let help = """
        Usage: tapcard focus history [--json] [--limit N] [--db PATH] [--profile NAME]

        Options:
          --json              One JSON object with a "sessions" array.
          --limit N           At most N sessions (default: all).

        """ + FocusOptions.help

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let limit = try arguments.integer("--limit")
        let options = try FocusOptions.parse(&arguments, io: io)
        try arguments.finish()
        if let limit, limit < 1 { throw UsageError("--limit takes 1 or more, not \(limit).", command: name) }
        let now = CLIClock.now(io)
        let (controller, recording) = try options.showingController()
        let sessions =
            try recording
            ? controller.history(limit: limit ?? Int.max, at: now)
            : controller.historyWithoutRecording(limit: limit ?? Int.max, at: now)
        if json {
            io.printJSON(
                JSON.object([
                    ("profile", .string(options.profile)),
                    ("sessions", .array(sessions.map(FocusJSON.session))),
                ]))
            return .success
        }
        if sessions.isEmpty {
            io.print("No focus sessions yet.")
            return .success
        }
        io.print("started                  ended                    duration      ended by")
        for session in sessions {
            let started = DurationText.timestamp(session.startedAt)
            let ended = session.endedAt.map { DurationText.timestamp($0) } ?? "(running)"
            let duration = DurationText.describe(session.elapsed(at: now), rounding: .down)
            io.print(
                started + "  " + ended.padding(toLength: 23, withPad: " ", startingAt: 0) + "  "
                    + duration.padding(toLength: 12, withPad: " ", startingAt: 0) + "  " + FocusJSON.how(session))
        }
        return .success
    }
}
