import AppIntents
import ViewModels

/// "Start focus session" for Shortcuts, Siri, the Action button and widgets. It opens TapCard and
/// runs the Focus screen's own tap (`FocusTapViewModel.tap(from: .shortcut)`): only the paired tag
/// starts the session, and an intent never ends one.
struct StartFocusSessionIntent: AppIntent {
    static var title: LocalizedStringResource { "Start focus session" }
    static var description: IntentDescription {
        IntentDescription(
            "Opens TapCard and asks for your paired focus tag. Only that tag starts the session; it ends by the same tag on the Focus screen, at its planned end, or through the emergency exit."
        )
    }
    static let openAppWhenRun: Bool = true

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let text = await Self.tapFromShortcut()
        return .result(dialog: IntentDialog(stringLiteral: text))
    }

    /// The tap, on the main actor with the app's model; returns what the Focus screen would say.
    @MainActor
    static func tapFromShortcut() async -> String {
        guard let focusTap = AppModelHolder.model.focusTap else {
            return "TapCard could not open its store, so focus sessions are not available."
        }
        await focusTap.tap(from: .shortcut)
        return focusTap.focus.errorMessage ?? focusTap.state.failure ?? focusTap.focus.message ?? "No tag was read."
    }
}
