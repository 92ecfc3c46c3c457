import DeviceActivity
import Foundation
import WidgetKit

/// Tells iOS when the running session is planned to end, so the monitor extension
/// (`FocusEndMonitor`) lifts the shields then even if TapCard is not running; and shares the
/// session with the widget. Called with every focus status the app reads.
@MainActor
enum FocusEndSchedule {
    /// DeviceActivity refuses intervals shorter than 15 minutes: a shorter session's interval
    /// starts earlier, so it still ends at the planned end.
    static let shortestInterval: TimeInterval = 15 * 60

    static func update(_ state: FocusSharedState, now: Date) {
        let previous = FocusSharedState.load()
        var next = state
        if next.startedAt == previous.startedAt { next.liftedByMonitorAt = previous.liftedByMonitorAt }
        next.save()
        let center = DeviceActivityCenter()
        let name = DeviceActivityName(FocusSharedState.activityName)
        if let end = next.plannedEnd, next.isRunning, end > now {
            if previous.plannedEnd != end || previous.startedAt != next.startedAt || center.activities.isEmpty {
                let start = min(now, end.addingTimeInterval(-shortestInterval))
                let calendar = Calendar.current
                let parts: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .second]
                let schedule = DeviceActivitySchedule(
                    intervalStart: calendar.dateComponents(parts, from: start),
                    intervalEnd: calendar.dateComponents(parts, from: end), repeats: false)
                center.stopMonitoring([name])
                // A failure leaves the app's own end-of-session handling (the next time it runs).
                try? center.startMonitoring(name, during: schedule)
            }
        } else {
            center.stopMonitoring([name])
        }
        if next != previous { WidgetCenter.shared.reloadAllTimelines() }
    }
}
