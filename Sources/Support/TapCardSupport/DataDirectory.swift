/// Where TapCard keeps the user's files (the default virtual tag, the database). One rule:
///
/// 1. `$TAPCARD_HOME` when set and non-empty (tests, portable setups);
/// 2. on macOS, `~/Library/Application Support/TapCard`;
/// 3. elsewhere, `$XDG_DATA_HOME/tapcard` when `XDG_DATA_HOME` is an absolute path (the XDG
///    specification says a relative value is to be ignored);
/// 4. else `~/.local/share/tapcard`.
///
/// `~` is `$HOME`; with no (or an empty) `HOME` where one is needed, ``DataDirectoryError/noHome``
/// is thrown rather than silently using the current directory.
public enum DataDirectory {
    /// The data directory for `environment` (pass `ProcessInfo.processInfo.environment`, or a
    /// dictionary in tests).
    public static func path(environment: [String: String]) throws(DataDirectoryError) -> String {
        if let tapcardHome = environment["TAPCARD_HOME"], !tapcardHome.isEmpty { return tapcardHome }
        #if os(macOS)
            guard let home = environment["HOME"], !home.isEmpty else { throw .noHome }
            return home + "/Library/Application Support/TapCard"
        #else
            if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/tapcard" }
            guard let home = environment["HOME"], !home.isEmpty else { throw .noHome }
            return home + "/.local/share/tapcard"
        #endif
    }
}
