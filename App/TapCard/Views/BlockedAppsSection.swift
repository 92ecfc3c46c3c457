import FamilyControls
import SwiftUI
import ViewModels

/// Focus › Blocked apps: Screen Time access, the apps and categories a session shields (chosen in
/// Apple's `FamilyActivityPicker`; TapCard never sees which apps they are), what the owner can
/// undo, and the log of when shields went up and came down.
struct BlockedAppsSection: View {
    let shield: FocusShieldViewModel
    @State private var chosen = FamilyActivitySelection()
    @State private var picking = false

    var body: some View {
        Section {
            Text(shield.authorization.sentence)
            if shield.authorization != .approved {
                Button("Allow Screen Time access") {
                    Task { await shield.authorize() }
                }
            }
            Text(shield.selectionText)
            Button("Choose apps to block") {
                chosen =
                    FamilyControlsShield.decode(shield.record.nextSelection ?? shield.record.selection)
                    ?? FamilyActivitySelection()
                picking = true
            }
            .disabled(shield.authorization != .approved)
            if let notice = shield.notice { Text(notice).font(.callout) }
        } header: {
            Text("Blocked apps")
        } footer: {
            Text(
                "While a session runs, the apps you chose show Screen Time's shield. You stay in charge of your phone: turning TapCard's access off in Settings › Screen Time, or deleting TapCard, lifts the shields at once. TapCard cannot stop that; it notes it below when it sees it."
            )
        }
        .sheet(isPresented: $picking) {
            NavigationStack {
                FamilyActivityPicker(selection: $chosen)
                    .navigationTitle("Apps to block")
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) {
                            Button("Cancel") { picking = false }
                        }
                        ToolbarItem(placement: .confirmationAction) {
                            Button("Done") {
                                shield.choose(FamilyControlsShield.encode(chosen))
                                picking = false
                            }
                        }
                    }
            }
        }
        if !shield.events.isEmpty {
            Section("Screen Time log") {
                ForEach(Array(shield.events.prefix(20).enumerated()), id: \.offset) { _, event in
                    Text(event.sentence).font(.caption)
                }
            }
        }
    }
}
