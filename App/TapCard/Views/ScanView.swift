import SwiftUI
import ViewModels

/// Scan / Tag Info: one button, the phone outline, the password of a read-protected tag, then
/// every field of the tag read.
struct ScanView: View {
    @Bindable var scan: ScanViewModel
    let availability: AvailabilityViewModel

    var body: some View {
        NavigationStack {
            List {
                Section {
                    PhoneOutlineView()
                    NFCActionButton(
                        availability: availability, title: scan.buttonTitle, isWorking: scan.state.isWorking
                    ) {
                        await scan.scan()
                    }
                }
                // A read-protected NTAG21x shows its pages only after its password.
                PasswordSection(usesPassword: $scan.usesPassword, entry: $scan.password, reason: nil, note: nil)
                // A read-guarded Ultralight C or Ultralight AES shows its pages only after its key.
                Section {
                    Toggle("Authenticate with the tag's 16-byte key", isOn: $scan.usesKey)
                    if scan.usesKey {
                        KeyField(title: "The tag's key (32 hex digits)", text: $scan.key.text)
                    }
                }
                if let failure = scan.state.failure {
                    Section { Label(failure, systemImage: "xmark.octagon").foregroundStyle(.red) }
                }
                if let info = scan.state.outcome {
                    TagInfoSections(info: info)
                }
                if let problem = scan.storeProblem {
                    Section { Text(problem).font(.footnote).foregroundStyle(.secondary) }
                }
            }
            .navigationTitle("Scan")
        }
    }
}
