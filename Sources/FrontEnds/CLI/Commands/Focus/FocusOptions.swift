import CommandLineKit
import Focus
import FocusSessions
import Foundation
import Store

/// The options every `focus` subcommand shares: which database and which profile.
struct FocusOptions {
    var databasePath: String
    var profile: String
    var monotonicClock: (any MonotonicClock)?

    static let options: [OptionSpec] =
        DatabaseOption.options + [.value("--profile", "NAME", "The focus profile (default: focus).")]

    static let help =
        DatabaseOption.help
        + "  --profile NAME      The focus profile (default: focus).\n"

    static func parse(_ arguments: inout Arguments, io: some CommandIO) throws -> FocusOptions {
        let path = try DatabaseOption.path(&arguments, io: io)
        let profile = try arguments.option("--profile") ?? "focus"
        guard !profile.isEmpty else { throw UsageError("--profile needs a name.", command: arguments.command) }
        return FocusOptions(databasePath: path, profile: profile, monotonicClock: CLIClock.monotonic(io))
    }

    /// Opens the store and the controller (after the command line was fully parsed).
    func controller() throws(StoreError) -> FocusController {
        FocusController(store: try DatabaseOption.open(databasePath), profile: profile, monotonicClock: monotonicClock)
    }
}
