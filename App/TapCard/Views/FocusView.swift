import Focus
import SwiftUI
import ViewModels

/// Focus: pair a tag, tap it to start or end a session (status with elapsed time), the history,
/// and the emergency exit with its remaining budget; with Screen Time, the apps a session blocks.
struct FocusView: View {
    let tap: FocusTapViewModel
    let focus: FocusViewModel
    let availability: AvailabilityViewModel
    @State private var label = ""
    @State private var location = ""
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        NavigationStack {
            List {
                Section("Now") {
                    if let status = focus.status {
                        Text(status.sentence)
                    }
                    if focus.isFocusing {
                        TimelineView(.periodic(from: .now, by: 1)) { context in
                            if let elapsed = focus.elapsed(at: context.date) {
                                Text("Elapsed: \(DurationText.describe(elapsed, rounding: .down))")
                                    .monospacedDigit()
                            }
                        }
                    }
                    NFCActionButton(
                        availability: availability,
                        title: focus.isFocusing ? "Tap your tag to end" : "Tap your tag to start",
                        isWorking: tap.state.isWorking
                    ) {
                        await tap.tap()
                    }
                    if let message = focus.message { Text(message) }
                    if let error = focus.errorMessage { Text(error).foregroundStyle(.red) }
                    if let failure = tap.state.failure { Text(failure).foregroundStyle(.red) }
                }
                if let shield = focus.shield {
                    BlockedAppsSection(shield: shield)
                }
                Section("Emergency exit") {
                    if let text = focus.emergencyText { Text(text) }
                    Button("End the session without the tag", role: .destructive) {
                        focus.emergencyExit()
                    }
                    .disabled(!focus.isFocusing)
                }
                Section {
                    ForEach(focus.pairedTags, id: \.identity) { paired in
                        VStack(alignment: .leading) {
                            Text(paired.label ?? paired.identity.uidText)
                            Text(paired.whereabouts).font(.caption).foregroundStyle(.secondary)
                        }
                    }
                    TextField("Label (optional)", text: $label)
                    TextField("Where the tag lives (optional)", text: $location)
                    NFCActionButton(availability: availability, title: "Pair a tag", isWorking: tap.state.isWorking) {
                        await tap.pair(label: label.isEmpty ? nil : label, location: location.isEmpty ? nil : location)
                    }
                    if tap.offersSecurePairing {
                        // An NTAG 424 DNA: new SUN keys on the tag, kept in this iPhone's Keychain.
                        NFCActionButton(
                            availability: availability, title: "Pair securely", isWorking: tap.state.isWorking
                        ) {
                            await tap.pairSecure(
                                label: label.isEmpty ? nil : label, location: location.isEmpty ? nil : location)
                        }
                    }
                    if let failure = tap.state.failure {
                        Label(failure, systemImage: "xmark.octagon").foregroundStyle(.red)
                    }
                } header: {
                    Text("Paired tags")
                } footer: {
                    Text(focus.pairingNotice)
                }
                Section("History") {
                    ForEach(focus.history, id: \.startedAt) { session in
                        VStack(alignment: .leading) {
                            Text(DurationText.timestamp(session.startedAt))
                            if let ended = session.endedAt {
                                Text(
                                    "Lasted \(DurationText.describe(ended.timeIntervalSince(session.startedAt), rounding: .down))"
                                )
                                .font(.caption)
                            } else {
                                Text("Running").font(.caption)
                            }
                        }
                    }
                }
            }
            .navigationTitle("Focus")
            .onAppear { focus.refresh() }
            // Back in the foreground, and at the planned end while open: the refresh records a
            // timer end and lifts the shields.
            .onChange(of: scenePhase) { _, phase in
                if phase == .active { focus.refresh() }
            }
            .task(id: focus.plannedEnd) {
                guard let end = focus.plannedEnd else { return }
                let wait = end.timeIntervalSinceNow
                if wait > 0 { try? await Task.sleep(for: .seconds(wait)) }
                guard !Task.isCancelled else { return }
                focus.refresh()
            }
        }
    }
}
