/// Where TapCard keeps its files by default: `$TAPCARD_HOME` when set (tests, portable setups),
/// else `$XDG_DATA_HOME/tapcard` or `~/.local/share/tapcard` (Linux), or
/// `~/Library/Application Support/TapCard` (macOS) — the same directory as the virtual tags.
public enum StoreLocation {
    public static func dataDirectory(environment: [String: String]) -> String {
        if let home = environment["TAPCARD_HOME"], !home.isEmpty { return home }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        #if os(macOS)
            return home + "/Library/Application Support/TapCard"
        #else
            if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/tapcard" }
            return home + "/.local/share/tapcard"
        #endif
    }

    /// The default database file, `tapcard.sqlite` in the data directory.
    public static func defaultDatabasePath(environment: [String: String]) -> String {
        dataDirectory(environment: environment) + "/tapcard.sqlite"
    }
}
