import DeviceActivity
import Foundation
@preconcurrency import ManagedSettings

/// The DeviceActivity monitor extension: iOS runs it at the planned end of a focus session even
/// when TapCard is not running, and it lifts every shield TapCard set (the same default
/// `ManagedSettingsStore` the app shields with), then notes the lift in the App Group so the app
/// and the widget show it. It never starts a session and never raises a shield.
final class FocusEndMonitor: DeviceActivityMonitor {
    override func intervalDidEnd(for activity: DeviceActivityName) {
        super.intervalDidEnd(for: activity)
        guard activity.rawValue == FocusSharedState.activityName else { return }
        ManagedSettingsStore().clearAllSettings()
        var state = FocusSharedState.load()
        state.shieldsUp = false
        state.liftedByMonitorAt = Date()
        state.save()
    }
}
