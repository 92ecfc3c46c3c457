import CommandLineKit
import Focus
import FocusSessions
import TapCardSupport

/// `tapcard focus settings`: the profile's default session rules and emergency allowance.
struct FocusSettingsCommand: Command {
    static let name = "focus settings"
    static let summary = "Show or change the minimum duration, planned length and emergency allowance."
    static let options: [OptionSpec] =
        [
            .json, .value("--minimum", "DURATION", "The shortest session (25m, 1h30m, off)."),
            .value("--for", "DURATION", "The planned length (off: until tapped)."),
            .value("--emergency-allowance", "N", "Emergency exits per period."),
            .value("--emergency-period", "DURATION", "The period the allowance covers."),
        ] + FocusOptions.options
    static let help = """
        Usage: tapcard focus settings [--minimum DURATION|off] [--for DURATION|off]
                                      [--emergency-allowance N] [--emergency-period DURATION] [--json]
                                      [--db PATH] [--profile NAME]

        Without options, prints the settings. Changes apply to sessions started afterwards; a
        running session keeps the rules it started with (minimum, planned end, emergency allowance
        and period), and a change made during one says so.

        Options:
          --minimum DURATION        Ending by tag earlier than this is refused (default: off).
          --for DURATION            Sessions end by themselves after this long (default: off).
          --emergency-allowance N   Emergency exits per period (default 3; 0 turns them off).
          --emergency-period D      The rolling period (default 28d).
          --json                    Print {"profile", "minimum_duration_seconds", "planned_duration_seconds",
                                    "emergency": {"allowance", "period_seconds"},
                                    "applies_to_next_session_only"} (null when off; the last is true
                                    when a change was made while a session runs).

        """ + FocusOptions.help

    static let nextSessionNote =
        "A focus session is running: it keeps the rules it started with; these settings apply from the next session."

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let minimum = try DurationOption.take(&arguments, "--minimum")
        let planned = try DurationOption.take(&arguments, "--for")
        let allowance = try arguments.integer("--emergency-allowance")
        let period = try DurationOption.take(&arguments, "--emergency-period")
        let json = arguments.flag("--json")
        let options = try FocusOptions.parse(&arguments, io: io)
        try arguments.finish()
        if let allowance, allowance < 0 {
            throw UsageError("--emergency-allowance takes 0 or more, not \(allowance).", command: name)
        }
        if period == .off { throw UsageError("--emergency-period takes a duration such as 28d.", command: name) }
        let changes = minimum != nil || planned != nil || allowance != nil || period != nil
        let controller = try changes ? options.controller() : options.showingController().controller
        var profile = try controller.load().profile
        var runningSessionKeepsItsRules = false
        if changes {
            let plan = SessionPlan(
                minimumDuration: DurationOption.resolve(minimum, fallback: profile.minimumDuration),
                plannedDuration: DurationOption.resolve(planned, fallback: profile.plannedDuration))
            let policy = EmergencyPolicy(
                allowance: allowance ?? profile.emergency.allowance,
                period: DurationOption.resolve(period, fallback: profile.emergency.period) ?? profile.emergency.period)
            runningSessionKeepsItsRules = try controller.configure(plan: plan, emergency: policy, at: CLIClock.now(io))
            profile = try controller.load().profile
        }
        if json {
            io.printJSON(
                JSON.object([
                    ("profile", .string(profile.name)),
                    ("minimum_duration_seconds", FocusJSON.seconds(profile.minimumDuration)),
                    ("planned_duration_seconds", FocusJSON.seconds(profile.plannedDuration)),
                    (
                        "emergency",
                        .object([
                            ("allowance", .int(profile.emergency.allowance)),
                            ("period_seconds", FocusJSON.seconds(profile.emergency.period)),
                        ])
                    ),
                    ("applies_to_next_session_only", .bool(runningSessionKeepsItsRules)),
                ]))
            return .success
        }
        io.print("Profile '\(profile.name)':")
        io.print("  minimum duration:  \(profile.minimumDuration.map { DurationText.describe($0) } ?? "off")")
        io.print("  planned length:    \(profile.plannedDuration.map { DurationText.describe($0) } ?? "off")")
        io.print(
            "  emergency exits:   \(profile.emergency.allowance) per \(DurationText.describe(profile.emergency.period))"
        )
        if runningSessionKeepsItsRules {
            io.print(Self.nextSessionNote)
        }
        return .success
    }
}
