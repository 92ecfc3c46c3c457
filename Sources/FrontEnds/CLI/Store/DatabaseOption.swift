import CommandLineKit
import Foundation
import Store

/// `--db PATH`: which TapCard database a command records into. Every command that records
/// (focus, tags, and the tag engine's write/read/lock) takes it, with the same default.
enum DatabaseOption {
    static let options: [OptionSpec] = [
        .value("--db", "PATH", completion: .file, "The TapCard database (default: $TAPCARD_HOME/tapcard.sqlite).")
    ]

    static let help =
        "  --db PATH           The TapCard database (default: $TAPCARD_HOME/tapcard.sqlite, else\n"
        + "                      $XDG_DATA_HOME/tapcard/tapcard.sqlite or ~/.local/share/tapcard/tapcard.sqlite).\n"

    /// Takes `--db` from `arguments`, or the default path for this environment.
    /// Throws `UsageError` for an empty `--db` or one whose directory does not exist (TapCard
    /// creates only its own data directory, never one a path names by mistake), and
    /// `DataDirectoryError` when there is no default.
    static func path(_ arguments: inout Arguments, io: some CommandIO) throws -> String {
        if let path = try arguments.option("--db") {
            guard !path.isEmpty else { throw UsageError("--db needs a file path.", command: arguments.command) }
            let directory = (path as NSString).deletingLastPathComponent
            // A directory that exists but cannot hold the file is SQLite's to report (a warning
            // where recording is secondary); a missing one is refused here, before anything runs.
            if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
                throw UsageError(
                    "--db \(path): the directory '\(directory)' does not exist; TapCard creates only its own data directory.",
                    command: arguments.command)
            }
            return path
        }
        return try StoreLocation.defaultDatabasePath(environment: io.environment)
    }

    /// Opens (creating and migrating) the database at `path`.
    static func open(_ path: String) throws(StoreError) -> TapCardStore {
        try TapCardStore(path: path)
    }
}
