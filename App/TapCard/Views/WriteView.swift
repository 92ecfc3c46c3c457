import CoreNFCTransport
import SwiftUI
import ViewModels

/// Write: one tap runs preflight, write and read-back under one sheet; then the report card. A
/// password-protected tag gets the password section (the view model says when).
struct WriteView: View {
    @Bindable var write: WriteViewModel
    let card: MyCardViewModel
    let scan: ScanViewModel
    let availability: AvailabilityViewModel

    var body: some View {
        NavigationStack {
            List {
                Section {
                    Text(write.summary)
                    PhoneOutlineView()
                    NFCActionButton(
                        availability: availability, title: write.buttonTitle, isWorking: write.state.isWorking,
                        isEnabled: write.canWrite
                    ) {
                        await write.write()
                    }
                    if let blocker = write.blocker, card.message != nil {
                        Text(blocker).font(.footnote).foregroundStyle(.secondary)
                    }
                    NFCActionButton(
                        availability: availability, title: "Erase the tag's message", isWorking: write.state.isWorking
                    ) {
                        await write.erase()
                    }
                }
                // A blank tag, or a MIFARE DESFire without AN11004's NDEF application: the desk's
                // format, by TapCard's driver; a tag holding a message is never formatted over.
                Section {
                    NFCActionButton(
                        availability: availability, title: "Format for NDEF", isWorking: write.formatState.isWorking
                    ) {
                        await write.format()
                    }
                    if let formatted = write.formatState.outcome {
                        ForEach(formatted.lines, id: \.self) { line in
                            Label(line, systemImage: formatted.verified ? "checkmark.seal" : "exclamationmark.triangle")
                        }
                    }
                    if let failure = write.formatState.failure {
                        Label(failure, systemImage: "xmark.octagon").foregroundStyle(.red)
                    }
                } footer: {
                    Text(
                        "For a blank tag, or a MIFARE DESFire card without an NDEF application (with the key switch on, the key is the card's PICC master key). A tag that holds a message is never formatted over."
                    )
                }
                PasswordSection(
                    usesPassword: $write.usesPassword, entry: $write.password, reason: write.passwordReason,
                    note: write.passwordNote)
                // An Ultralight C or Ultralight AES whose key guards its message pages.
                KeySection(usesKey: $write.usesKey, entry: $write.key, reason: write.keyReason)
                if let report = write.state.outcome {
                    Section("Report") {
                        ForEach(report.lines, id: \.self) { line in
                            Label(line, systemImage: "checkmark.seal")
                        }
                    }
                }
                if let failure = write.state.failure {
                    Section {
                        Label(failure, systemImage: "xmark.octagon").foregroundStyle(.red)
                        if write.suggestsScan {
                            Button("Scan the tag to see what it holds") {
                                Task { await scan.scan() }
                            }
                        }
                    }
                }
                if write.suggestsScan, let info = scan.state.outcome {
                    TagInfoSections(info: info)
                }
                if let problem = write.storeProblem {
                    Section { Text(problem).font(.footnote).foregroundStyle(.secondary) }
                }
            }
            .navigationTitle("Write")
        }
    }
}
