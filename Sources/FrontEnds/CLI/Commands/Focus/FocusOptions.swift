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

    /// For the subcommands that only show (`status`, `history`, `settings` without a change): the
    /// controller on the store opened for writing, so a session that ended by itself is recorded
    /// (`recording` true); where the database cannot be written (a read-only data directory or
    /// filesystem), on the store opened for reading only, or on an empty one in memory when there
    /// is none yet, with nothing recorded (`recording` false).
    func showingController() throws(StoreError) -> (controller: FocusController, recording: Bool) {
        do throws(StoreError) {
            return (try controller(), true)
        } catch let failure where failure.isUnwritable {
            var store = try TapCardStore.forReading(path: databasePath)
            if store == nil { store = try TapCardStore(path: ":memory:") }
            guard let store else { throw failure }
            return (FocusController(store: store, profile: profile, monotonicClock: monotonicClock), false)
        }
    }
}
