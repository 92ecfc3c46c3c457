import TapCardSupport

/// Where the database lives by default: `tapcard.sqlite` in the data directory
/// (`DataDirectory` in TapCardSupport holds the one rule, shared with the virtual tags).
public enum StoreLocation {
    /// The data directory; see `DataDirectory.path(environment:)`.
    public static func dataDirectory(environment: [String: String]) throws(DataDirectoryError) -> String {
        try DataDirectory.path(environment: environment)
    }

    /// The default database file, `tapcard.sqlite` in the data directory.
    public static func defaultDatabasePath(environment: [String: String]) throws(DataDirectoryError) -> String {
        try dataDirectory(environment: environment) + "/tapcard.sqlite"
    }
}
