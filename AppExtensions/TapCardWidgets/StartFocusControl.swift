// Controls exist from the iOS 18 SDK on (AccessorySetupKit first shipped in it too): with an
// older SDK this file is empty and the widget bundle leaves the control out.
#if canImport(AccessorySetupKit)
    import AppIntents
    import SwiftUI
    import WidgetKit

    /// The Control Center control (iOS 18): it opens TapCard at `tapcard://focus/start`, where the
    /// Focus screen's own tap asks for the paired tag. Only that tag starts the session, and nothing
    /// here ends one (a running session answers that it can only be ended by its tag, at its planned
    /// end, or by the emergency exit).
    @available(iOS 18.0, *)
    struct StartFocusControl: ControlWidget {
        static let kind = "com.example.tapcard.start-focus"

        var body: some ControlWidgetConfiguration {
            StaticControlConfiguration(kind: Self.kind) {
                ControlWidgetButton(action: OpenTapCardToStartFocus()) {
                    Label("Start focus", systemImage: "wave.3.right")
                }
            }
            .displayName("Start focus session")
            .description("Opens TapCard to read your paired focus tag.")
        }
    }

    /// Opens TapCard on its focus-start link.
    @available(iOS 18.0, *)
    struct OpenTapCardToStartFocus: AppIntent {
        static var title: LocalizedStringResource { "Start focus session" }
        static let openAppWhenRun: Bool = true

        func perform() async throws -> some IntentResult & OpensIntent {
            // A constant, well-formed URL: the app routes it to the Focus screen's own tap.
            .result(opensIntent: OpenURLIntent(URL(string: "tapcard://focus/start")!))
        }
    }
#endif
