import Foundation

/// What the app, its DeviceActivity monitor and its widget share about the running focus session,
/// through the App Group's user defaults: when it started, when it is planned to end, which tag
/// ends it, and when the monitor lifted the shields. The app writes it on every status change;
/// the monitor and the widget only read it (the monitor also notes its own lift).
struct FocusSharedState: Codable, Equatable, Sendable {
    /// The App Group every TapCard target declares (App/project.yml).
    static let appGroup = "group.com.example.tapcard"
    static let key = "focus.shared.state"
    /// The DeviceActivity name of a session's planned end.
    static let activityName = "tapcard.focus.planned-end"

    var startedAt: Date?
    var plannedEnd: Date?
    /// The paired tag's label or place ("Desk", "the one in the kitchen drawer").
    var tagName: String?
    /// The paired tag's UID as colon-separated hex.
    var tagUID: String?
    /// True while TapCard's shields are up.
    var shieldsUp: Bool = false
    /// When the monitor extension lifted the shields at the planned end, if it did.
    var liftedByMonitorAt: Date?

    var isRunning: Bool { startedAt != nil }

    static var defaults: UserDefaults? { UserDefaults(suiteName: appGroup) }

    static func load() -> FocusSharedState {
        guard let data = defaults?.data(forKey: key),
            let state = try? JSONDecoder().decode(FocusSharedState.self, from: data)
        else { return FocusSharedState() }
        return state
    }

    func save() {
        guard let data = try? JSONEncoder().encode(self) else { return }
        Self.defaults?.set(data, forKey: Self.key)
    }
}
