/// Where TapCard keeps the user's files: `$TAPCARD_HOME` when set (tests use it), else the
/// platform's data directory — `$XDG_DATA_HOME/tapcard` or `~/.local/share/tapcard` on Linux,
/// `~/Library/Application Support/TapCard` on macOS.
enum DataDirectory {
    static func path(environment: [String: String]) -> String? {
        if let home = environment["TAPCARD_HOME"], !home.isEmpty { return home }
        #if os(macOS)
            if let home = environment["HOME"], !home.isEmpty { return home + "/Library/Application Support/TapCard" }
        #else
            if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/tapcard" }
            if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/tapcard" }
        #endif
        return nil
    }

    /// The default virtual tag's file name inside the data directory.
    static let defaultTagFileName = "virtual-ntag213.nfc"
}
