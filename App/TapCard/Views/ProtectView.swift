import SwiftUI
import ViewModels

/// Protect: put a password on an NTAG21x or Ultralight EV1, change it, or remove it; or, for a
/// MIFARE Ultralight C or Ultralight AES, guard its pages with its 16-byte key (see
/// ``KeyProtectSections``). The view model decides what can be sent and words the outcome;
/// passwords and keys are typed each time and never stored (see ``PasswordSection``).
struct ProtectView: View {
    @Bindable var protect: ProtectViewModel
    let availability: AvailabilityViewModel

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Text(ProtectViewModel.explanation)
                    if let current = protect.currentProtection {
                        Text(current).font(.footnote)
                    }
                    Toggle("Guarded by a 16-byte key (Ultralight C, Ultralight AES)", isOn: $protect.usesKey)
                }
                if protect.usesKey {
                    KeyProtectSections(protect: protect, availability: availability)
                } else {
                    passwordSections
                }
            }
            .navigationTitle("Protect")
        }
    }

    /// The NTAG21x / Ultralight EV1 password form.
    @MainActor @ViewBuilder private var passwordSections: some View {
        Section("Its current password") {
            Toggle("The tag already has a password", isOn: $protect.tagIsProtected)
            if protect.tagIsProtected {
                HexField(title: "Current password (8 hex digits)", text: $protect.current.passwordText)
                HexField(title: "Its PACK (4 hex digits, optional)", text: $protect.current.packText)
                if let line = protect.current.bytesLine {
                    Text(line).font(.footnote)
                }
            }
        }
        Section {
            HexField(title: "New password (8 hex digits)", text: $protect.newPassword.passwordText)
            HexField(title: "New PACK (4 hex digits, default 0000)", text: $protect.newPassword.packText)
            LabeledContent("First protected page") {
                TextField("4", text: $protect.firstPageText)
                    .keyboardType(.numberPad)
                    .multilineTextAlignment(.trailing)
            }
            Toggle("Reading needs the password too", isOn: $protect.protectsReads)
            LabeledContent("Wrong passwords allowed") {
                TextField("no limit", text: $protect.attemptsText)
                    .keyboardType(.numberPad)
                    .multilineTextAlignment(.trailing)
            }
            ForEach(protect.plan, id: \.self) { line in
                Text(line).font(.footnote)
            }
            if let blocker = protect.protectBlocker {
                Text(blocker).font(.footnote).foregroundStyle(.secondary)
            }
            NFCActionButton(
                availability: availability, title: "Protect the tag", isWorking: protect.state.isWorking,
                isEnabled: protect.canProtect
            ) {
                await protect.protect()
            }
        } header: {
            Text("Set or change the password")
        } footer: {
            Text(PasswordEntry.hexOnlyNote)
        }
        Section("Remove protection") {
            if let blocker = protect.removeBlocker {
                Text(blocker).font(.footnote).foregroundStyle(.secondary)
            }
            NFCActionButton(
                availability: availability, title: "Remove the password", isWorking: protect.state.isWorking,
                isEnabled: protect.canRemove
            ) {
                await protect.unprotect()
            }
        }
        if let outcome = protect.state.outcome {
            OutcomeSection(title: outcome.title, lines: outcome.lines, undo: outcome.undo)
        }
        if let failure = protect.state.failure {
            Section {
                Label(failure, systemImage: "xmark.octagon").foregroundStyle(.red)
                ForEach(protect.interruptedStates, id: \.self) { state in
                    Label(state, systemImage: "questionmark.circle")
                }
                if let note = protect.passwordNote {
                    Text(note).font(.footnote)
                }
            }
        }
    }
}
