import AppIntents

/// The App Shortcuts TapCard offers without setup.
struct TapCardShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: StartFocusSessionIntent(), phrases: ["Start a focus session with \(.applicationName)"],
            shortTitle: "Start focus", systemImageName: "moon")
    }
}
