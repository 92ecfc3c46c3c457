import SwiftUI
import ViewModels

/// The 16-byte key of a MIFARE Ultralight C or Ultralight AES on the Write and Lock screens: a
/// switch, the key in a secure field (never shown back), what is wrong with it, and why the tag
/// needs it (the Protect screen just guarded it, or the tag refused without it).
struct KeySection: View {
    @Binding var usesKey: Bool
    @Binding var entry: AuthenticationKeyEntry
    let reason: String?

    var body: some View {
        Section {
            Toggle("Authenticate with the tag's 16-byte key", isOn: $usesKey)
            if usesKey {
                KeyField(title: "The tag's key (32 hex digits)", text: $entry.text)
                if let problem = entry.problem {
                    Text(problem).font(.footnote).foregroundStyle(.secondary)
                }
            }
        } header: {
            Text("Key")
        } footer: {
            VStack(alignment: .leading, spacing: 4) {
                if let reason { Text(reason) }
                if usesKey { Text(AuthenticationKeyEntry.note) }
            }
        }
    }
}
