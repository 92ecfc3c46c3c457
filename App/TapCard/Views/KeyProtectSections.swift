import SwiftUI
import ViewModels

/// The Protect screen's form for a MIFARE Ultralight C or Ultralight AES, whose pages are guarded
/// by a 16-byte key instead of a password: guard pages with the key, remove the guard, change the
/// key. Keys are typed each time into secure fields, never stored and never shown back.
struct KeyProtectSections: View {
    @Bindable var protect: ProtectViewModel
    let availability: AvailabilityViewModel

    var body: some View {
        Section {
            KeyField(title: "The tag's key (32 hex digits)", text: $protect.key.text)
            if let cipher = protect.keyCipherName {
                Text("This tag's key is a \(cipher) key.").font(.footnote)
            }
        } header: {
            Text("Its key")
        } footer: {
            Text(AuthenticationKeyEntry.note)
        }
        Section("Guard pages with the key") {
            LabeledContent("First guarded page") {
                TextField("4", text: $protect.firstPageText)
                    .keyboardType(.numberPad)
                    .multilineTextAlignment(.trailing)
            }
            Toggle("Reading needs the key too", isOn: $protect.protectsReads)
            ForEach(protect.keyPlan, id: \.self) { line in
                Text(line).font(.footnote)
            }
            if let blocker = protect.keyProtectBlocker {
                Text(blocker).font(.footnote).foregroundStyle(.secondary)
            }
            NFCActionButton(
                availability: availability, title: "Guard with the key", isWorking: protect.keyState.isWorking,
                isEnabled: protect.canProtectWithKey
            ) {
                await protect.protectWithKey()
            }
        }
        Section("Remove protection") {
            if let blocker = protect.keyRemoveBlocker {
                Text(blocker).font(.footnote).foregroundStyle(.secondary)
            }
            NFCActionButton(
                availability: availability, title: "Remove the guard", isWorking: protect.keyState.isWorking,
                isEnabled: protect.canRemoveWithKey
            ) {
                await protect.unprotectWithKey()
            }
        }
        Section("Change the key") {
            KeyField(title: "New key (32 hex digits)", text: $protect.newKey.text)
            Toggle("I keep the new key somewhere safe", isOn: $protect.confirmsKeyChange)
            if let blocker = protect.keyChangeBlocker {
                Text(blocker).font(.footnote).foregroundStyle(.secondary)
            }
            NFCActionButton(
                availability: availability, title: "Change the key", isWorking: protect.keyState.isWorking,
                isEnabled: protect.canChangeKey
            ) {
                await protect.changeKey()
            }
        }
        if let outcome = protect.keyState.outcome {
            OutcomeSection(title: outcome.title, lines: outcome.lines, undo: outcome.undo)
        }
        if let failure = protect.keyState.failure {
            Section {
                Label(failure, systemImage: "xmark.octagon").foregroundStyle(.red)
            }
        }
    }
}

/// A 16-byte key, typed as hex into a secure field: never shown back.
struct KeyField: View {
    let title: String
    @Binding var text: String

    var body: some View {
        SecureField(title, text: $text)
            .font(.body.monospaced())
            .textInputAutocapitalization(.never)
            .autocorrectionDisabled()
            .keyboardType(.asciiCapable)
    }
}
