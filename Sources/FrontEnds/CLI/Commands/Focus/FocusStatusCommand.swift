import CommandLineKit
import Focus
import FocusSessions
import TapCardSupport

/// `tapcard focus status`: is a session running, since when, and what is left.
struct FocusStatusCommand: Command {
    static let name = "focus status"
    static let summary = "Show the running session (elapsed, minimum, planned end) and emergency exits left."
    static let options: [OptionSpec] = [.json] + FocusOptions.options
    static let help = """
        Usage: tapcard focus status [--json] [--db PATH] [--profile NAME]

        Elapsed time is computed from the stored start, so it is right after a restart. A session
        whose planned end has passed is shown (and recorded) as ended by itself. When the system
        clock was changed since the session started (same boot), the figures follow the time that
        really passed, and the status says by how much the clock was changed.

        Options:
          --json              One JSON object.

        """ + FocusOptions.help

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let options = try FocusOptions.parse(&arguments, io: io)
        try arguments.finish()
        let (controller, recording) = try options.showingController()
        let now = CLIClock.now(io)
        let status = try recording ? controller.status(at: now) : controller.statusWithoutRecording(at: now)
        if json {
            io.printJSON(
                JSON.object([
                    ("profile", .string(options.profile)),
                    ("phase", .string(status.phase.rawValue)),
                    ("session", status.session.map(FocusJSON.session) ?? .null),
                    ("elapsed_seconds", FocusJSON.seconds(status.elapsed)),
                    ("until_minimum_seconds", FocusJSON.seconds(status.untilMinimum)),
                    ("until_planned_end_seconds", FocusJSON.seconds(status.untilPlannedEnd)),
                    ("emergency", FocusJSON.budget(status.emergency)),
                    ("paired_tags", .array(status.pairedTags.map(FocusJSON.pairedTag))),
                    ("clock", FocusJSON.clock(status.clock)),
                ]))
            return .success
        }
        io.print(status.sentence)
        io.print(status.emergency.sentence)
        if status.pairedTags.isEmpty {
            io.print("No tag is paired; pair one with 'tapcard focus pair'.")
        }
        for tag in status.pairedTags {
            io.print("Paired: \(tag.identity) — \(tag.whereabouts).")
        }
        return .success
    }
}
