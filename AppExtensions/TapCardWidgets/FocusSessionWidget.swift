import SwiftUI
import WidgetKit

/// The running focus session: the time left to its planned end (counted down by the system, so
/// the widget needs no refresh per second) and the paired tag that ends it; "No focus session"
/// otherwise. It reads what the app shares through the App Group and never changes a session.
struct FocusSessionWidget: Widget {
    static let kind = "com.example.tapcard.focus-session"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: FocusSessionProvider()) { entry in
            FocusSessionWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Focus session")
        .description("The time left in your TapCard focus session and the tag that ends it.")
        .supportedFamilies([.systemSmall, .accessoryRectangular, .accessoryInline])
    }
}

struct FocusSessionEntry: TimelineEntry {
    let date: Date
    let state: FocusSharedState
}

struct FocusSessionProvider: TimelineProvider {
    func placeholder(in context: Context) -> FocusSessionEntry {
        FocusSessionEntry(
            date: Date(),
            state: FocusSharedState(
                startedAt: Date(), plannedEnd: Date().addingTimeInterval(25 * 60), tagName: "Desk", tagUID: nil,
                shieldsUp: true, liftedByMonitorAt: nil))
    }

    func getSnapshot(in context: Context, completion: @escaping (FocusSessionEntry) -> Void) {
        completion(FocusSessionEntry(date: Date(), state: FocusSharedState.load()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<FocusSessionEntry>) -> Void) {
        let now = Date()
        let state = FocusSharedState.load()
        var entries = [FocusSessionEntry(date: now, state: state)]
        // At the planned end the session is over as far as the widget can tell (the app or the
        // monitor settles it); the app reloads the timeline on every change.
        if let end = state.plannedEnd, end > now {
            var ended = state
            ended.startedAt = nil
            ended.plannedEnd = nil
            entries.append(FocusSessionEntry(date: end, state: ended))
        }
        completion(Timeline(entries: entries, policy: .never))
    }
}

struct FocusSessionWidgetView: View {
    let entry: FocusSessionEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            if entry.state.isRunning {
                Label("Focus", systemImage: "wave.3.right")
                    .font(.caption)
                if let end = entry.state.plannedEnd {
                    Text(timerInterval: entry.date...max(entry.date, end), countsDown: true)
                        .font(.title2.monospacedDigit())
                } else {
                    Text("No planned end")
                        .font(.headline)
                }
                if let name = entry.state.tagName ?? entry.state.tagUID {
                    Text("Ends with \(name)")
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                }
            } else {
                Label("No focus session", systemImage: "wave.3.right")
                    .font(.caption)
            }
        }
    }
}
