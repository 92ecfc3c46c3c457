import CommandLineKit
import Focus
import FocusSessions
import TapCardSupport

/// `tapcard focus tap`: what a phone tap does — start, or end, a session.
struct FocusTapCommand: Command {
    static let name = "focus tap"
    static let summary = "Tap a tag: starts a session, or ends the running one (paired tags only)."
    static let options: [OptionSpec] =
        [
            .json, .value("--minimum", "DURATION", "This session's shortest length."),
            .value("--for", "DURATION", "This session's planned length."),
        ] + TappedTag.options
    static let help = """
        Usage: tapcard focus tap [--for DURATION] [--minimum DURATION] [--json] [--tag FILE] [--db PATH] [--profile NAME]

        With no session running, a paired tag starts one. With a session running, a paired tag ends
        it, unless its minimum duration has not passed (the refusal says how long remains). Any other
        tag is refused, naming where your focus tag is; so is a tag with your tag's UID whose
        originality signature is worse than at pairing (it looks like a clone). A session past its planned end has already
        ended by itself; the tap says so and starts nothing.

        An NTAG 424 DNA paired with SUN keys counts only when the URL it shows verifies with them
        and its read counter is above the last one accepted. The refusal names what it saw: a UID
        clone (the UID without such a URL, or on another chip), an invalid MAC (a copied URL that
        was edited, or another tag's), or a counter not above the last (a recorded URL played back).

        Options (for a session this tap starts; default: the profile's settings):
          --for DURATION      Planned length; the session ends by itself then (e.g. 45m, 1h30m).
          --minimum DURATION  Ending by tag earlier than this is refused (e.g. 20m).
          --json              Print {"outcome": started|ended|ended-by-timer, "session": …}.

        """ + TappedTag.optionHelp + FocusOptions.help

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let planned = try DurationOption.take(&arguments, "--for")
        let minimum = try DurationOption.take(&arguments, "--minimum")
        let json = arguments.flag("--json")
        let (tag, controller, now) = try await TappedTag.sight(&arguments, io: io)
        var plan: SessionPlan? = nil
        if planned != nil || minimum != nil {
            let profile = try controller.load().profile
            plan = SessionPlan(
                minimumDuration: DurationOption.resolve(minimum, fallback: profile.minimumDuration),
                plannedDuration: DurationOption.resolve(planned, fallback: profile.plannedDuration))
        }
        let outcome = try controller.tap(
            tag.identity, signature: tag.signature, sunURL: tag.url, at: now, plan: plan)
        if json {
            let word =
                switch outcome {
                case .started: "started"
                case .ended: "ended"
                case .endedByTimer: "ended-by-timer"
                }
            io.printJSON(
                JSON.object([
                    ("profile", .string(controller.profileName)), ("outcome", .string(word)),
                    ("session", FocusJSON.session(outcome.session)),
                ]))
        } else {
            io.print(FocusWords.describe(outcome))
        }
        return .success
    }
}
