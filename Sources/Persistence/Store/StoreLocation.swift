/// Where TapCard keeps its files by default: `$TAPCARD_HOME` when set (tests, portable setups),
/// else `$XDG_DATA_HOME/tapcard`, else `~/.local/share/tapcard`.
public enum StoreLocation {
    public static func dataDirectory(environment: [String: String]) -> String {
        if let home = environment["TAPCARD_HOME"], !home.isEmpty { return home }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/tapcard" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.local/share/tapcard"
    }

    /// The default database file, `tapcard.sqlite` in the data directory.
    public static func defaultDatabasePath(environment: [String: String]) -> String {
        dataDirectory(environment: environment) + "/tapcard.sqlite"
    }
}
