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
    /// Throws `UsageError` for an empty `--db`, `DataDirectoryError` when there is no default.
    static func path(_ arguments: inout Arguments, io: some CommandIO) throws -> String {
        if let path = try arguments.option("--db") {
            guard !path.isEmpty else { throw UsageError("--db needs a file path.", command: arguments.command) }
            return path
        }
        return try StoreLocation.defaultDatabasePath(environment: io.environment)
    }

    /// Opens (creating and migrating) the database at `path`.
    static func open(_ path: String) throws(StoreError) -> TapCardStore {
        try TapCardStore(path: path)
    }
}
