import CommandLineKit
import Foundation
import Store

/// `--db PATH`: which TapCard database a command records into. Every command that records
/// (focus, tags, and the tag engine's write/read/lock) takes it, with the same default.
/// `sun verify --track` alone also takes a PostgreSQL URI (``counterStoreLocation(_:io:)``): its
/// read counters are all it keeps, and they are what verifiers on several machines must share.
enum DatabaseOption {
    static let options: [OptionSpec] = [
        .value("--db", "PATH", completion: .file, "The TapCard database (default: $TAPCARD_HOME/tapcard.sqlite).")
    ]

    static let help =
        "  --db PATH           The TapCard database (default: $TAPCARD_HOME/tapcard.sqlite, else\n"
        + "                      $XDG_DATA_HOME/tapcard/tapcard.sqlite or ~/.local/share/tapcard/tapcard.sqlite).\n"

    /// `--db` where only SUN counters are kept: a file as for every command, or a PostgreSQL URI.
    static let counterOptions: [OptionSpec] = [
        .value(
            "--db", "PATH|URI", completion: .file,
            "The TapCard database, or a postgres:// URI to share counters between machines.")
    ]

    static let counterHelp =
        "  --db PATH|URI       The TapCard database (default: $TAPCARD_HOME/tapcard.sqlite, else\n"
        + "                      $XDG_DATA_HOME/tapcard/tapcard.sqlite or ~/.local/share/tapcard/tapcard.sqlite),\n"
        + "                      or a PostgreSQL URI (postgres://USER@HOST/DB, postgresql:///DB?host=/socket/dir)\n"
        + "                      that verifiers on several machines share: table tapcard_sun_counters, created\n"
        + "                      when missing. The password is never printed.\n"

    /// Takes `--db` from `arguments`, or the default path for this environment.
    /// Throws `UsageError` for an empty `--db`, a PostgreSQL URI (only `sun verify --track` keeps
    /// its data there), or one whose directory does not exist (TapCard creates only its own data
    /// directory, never one a path names by mistake), and `DataDirectoryError` when there is no
    /// default.
    static func path(_ arguments: inout Arguments, io: some CommandIO) throws -> String {
        if let path = try arguments.option("--db") {
            if PostgresURI.isURI(path) {
                throw UsageError(
                    "--db \(PostgresURI(path).redacted): a PostgreSQL database keeps only SUN counters (sun verify --track); '\(arguments.command)' needs a TapCard database file.",
                    command: arguments.command)
            }
            return try checked(path, arguments: arguments)
        }
        return try StoreLocation.defaultDatabasePath(environment: io.environment)
    }

    /// `--db` of `sun verify --track`: a file path as for ``path(_:io:)``, or a `postgres://` or
    /// `postgresql://` URI, returned as given (with its password: print only
    /// `PostgresURI.redacted`).
    static func counterStoreLocation(_ arguments: inout Arguments, io: some CommandIO) throws -> String {
        if let location = try arguments.option("--db") {
            if !PostgresURI.isURI(location), location.contains("="), location.contains(where: \.isWhitespace) {
                // libpq's key=value form: not a file, and it may hold a password, so never echoed.
                throw UsageError(
                    "--db takes a file path or a postgres:// URI; this looks like a libpq key=value connection string (not shown: it may hold a password). Write it as postgresql://USER@HOST/DB?… instead.",
                    command: arguments.command)
            }
            return PostgresURI.isURI(location) ? location : try checked(location, arguments: arguments)
        }
        return try StoreLocation.defaultDatabasePath(environment: io.environment)
    }

    private static func checked(_ path: String, arguments: Arguments) throws -> String {
        guard !path.isEmpty else { throw UsageError("--db needs a file path.", command: arguments.command) }
        let directory = OutputFiles.parent(of: path)
        // A directory that exists but cannot hold the file is SQLite's to report (a warning
        // where recording is secondary); a missing one is refused here, before anything runs.
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            throw UsageError(
                "--db \(path): the directory '\(directory)' does not exist; TapCard creates only its own data directory.",
                command: arguments.command)
        }
        return path
    }

    /// Opens (creating and migrating) the database at `path`.
    static func open(_ path: String) throws(StoreError) -> TapCardStore {
        try TapCardStore(path: path)
    }

    /// Opens the counter store `location` names (``counterStoreLocation(_:io:)``): a connection to
    /// PostgreSQL for a URI, else the SQLite database file.
    static func openCounterStore(_ location: String) throws(StoreError) -> any SUNCounterStore {
        if PostgresURI.isURI(location) { return try PostgresCounterStore(uri: location) }
        return try TapCardStore(path: location)
    }
}
