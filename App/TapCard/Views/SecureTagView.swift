import SwiftUI
import ViewModels

/// "Make this a secure tag": an NTAG 424 DNA gets new SUN keys (kept in this iPhone's Keychain)
/// and Secure Dynamic Messaging from a URL template, then its URL is read back and verified. The
/// view model decides everything; no key is ever shown here, and key 0 is typed into a secure field.
struct SecureTagView: View {
    @Bindable var secure: SecureTagViewModel
    let availability: AvailabilityViewModel

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Label(SecureTagViewModel.warning, systemImage: "key.fill")
                        .foregroundStyle(.orange)
                }
                Section {
                    TextField(SecureTagViewModel.defaultTemplate, text: $secure.template, axis: .vertical)
                        .font(.body.monospaced())
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                        .keyboardType(.URL)
                    if secure.template.contains("{enc}") {
                        // The secret bytes {enc} mirrors encrypted; never shown back, never stored.
                        SecureField("File data for {enc} (hex, 16 bytes per block)", text: $secure.fileData)
                            .font(.body.monospaced())
                            .textInputAutocapitalization(.never)
                            .autocorrectionDisabled()
                    }
                    if let problem = secure.templateProblem {
                        Label(problem, systemImage: "exclamationmark.circle").foregroundStyle(.red)
                    }
                } header: {
                    Text("URL template")
                } footer: {
                    Text(
                        "{picc} carries the UID and counter encrypted, {mac} proves the tap; {mac} comes last. {enc} mirrors the file data you enter, encrypted."
                    )
                }
                Section("Keys") {
                    Toggle("Put new SUN keys on the tag", isOn: $secure.generatesNewKeys)
                    SecureField("Current key 0 (empty: factory key)", text: $secure.key0)
                        .font(.body.monospaced())
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    if let problem = secure.key0Problem {
                        Text(problem).font(.footnote).foregroundStyle(.red)
                    }
                }
                Section {
                    if secure.needsConfirmation {
                        Text("Type \(SecureTagViewModel.confirmationPhrase) to confirm.")
                        TextField(SecureTagViewModel.confirmationPhrase, text: $secure.typedConfirmation)
                            .textInputAutocapitalization(.characters)
                            .autocorrectionDisabled()
                    }
                    if let blocker = secure.blocker {
                        Text(blocker).font(.footnote).foregroundStyle(.secondary)
                    }
                    NFCActionButton(
                        availability: availability, title: "Make this a secure tag",
                        isWorking: secure.state.isWorking, isEnabled: secure.canStart
                    ) {
                        await secure.makeSecure()
                    }
                }
                if secure.state.outcome != nil {
                    Section("Done") {
                        ForEach(secure.reportLines, id: \.self) { line in
                            Label(line, systemImage: "checkmark.seal")
                        }
                    }
                }
                if let failure = secure.state.failure, !failure.isEmpty {
                    Section { Label(failure, systemImage: "xmark.octagon").foregroundStyle(.red) }
                }
                Section {
                    NFCActionButton(
                        availability: availability, title: "Verify a secure tag",
                        isWorking: secure.checkState.isWorking, isEnabled: !secure.state.isWorking
                    ) {
                        await secure.verify()
                    }
                    ForEach(secure.checkLines, id: \.self) { line in
                        Text(line).font(.footnote)
                    }
                    if let failure = secure.checkState.failure, !failure.isEmpty {
                        Label(failure, systemImage: "xmark.octagon").foregroundStyle(.red)
                    }
                } footer: {
                    Text("Reads the tag's URL and checks it with the keys this iPhone stored for it.")
                }
            }
            .navigationTitle("Secure tag")
        }
    }
}
