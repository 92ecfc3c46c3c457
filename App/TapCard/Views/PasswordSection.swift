import SwiftUI
import ViewModels

/// The password of a protected NTAG21x or Ultralight EV1, on the Write and Lock screens: a switch,
/// the 8 hex digits, the optional PACK, the bytes that will be sent and why the tag needs it.
///
/// The user types the password each time. It is not stored — not in the app's store and not in
/// the Keychain: an NTAG password travels over the air in clear text (it stops casual rewriting;
/// it is not a secret worth keeping), and a password kept and replayed to the wrong tag would
/// spend that tag's attempts. Everything shown here comes from the view model's state.
struct PasswordSection: View {
    @Binding var usesPassword: Bool
    @Binding var entry: PasswordEntry
    let reason: String?
    let note: String?

    var body: some View {
        Section {
            Toggle("This tag has a password", isOn: $usesPassword)
            if usesPassword {
                HexField(title: "Password (8 hex digits)", text: $entry.passwordText)
                HexField(title: "PACK to check (4 hex digits, optional)", text: $entry.packText)
                if let line = entry.bytesLine {
                    Text(line).font(.footnote)
                } else if let problem = entry.problem {
                    Text(problem).font(.footnote).foregroundStyle(.secondary)
                }
            }
            if let note {
                Label(note, systemImage: "info.circle").font(.footnote)
            }
        } header: {
            Text("Password")
        } footer: {
            VStack(alignment: .leading, spacing: 4) {
                if let reason { Text(reason) }
                Text(PasswordEntry.clearTextNote)
                Text(PasswordEntry.hexOnlyNote)
            }
        }
    }
}

/// A text field for hex digits: monospaced, no capitals forced, no autocorrection.
struct HexField: View {
    let title: String
    @Binding var text: String

    var body: some View {
        TextField(title, text: $text)
            .font(.body.monospaced())
            .textInputAutocapitalization(.never)
            .autocorrectionDisabled()
            .keyboardType(.asciiCapable)
    }
}
