import CoreNFCTransport
import SwiftUI
import ViewModels

/// Lock: permanent, so it needs the tag scanned first and its name typed back; a protected tag
/// also needs its password (the view model says when).
struct LockView: View {
    @Bindable var lock: LockViewModel
    let availability: AvailabilityViewModel

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Label(LockViewModel.warning, systemImage: "exclamationmark.triangle.fill")
                        .foregroundStyle(.orange)
                }
                if let target = lock.target {
                    Section("Tag") {
                        Text(target.field("UID") ?? "")
                        Text(target.field("Chip") ?? "")
                        Text(target.field("NDEF status") ?? "")
                        if let capacity = target.field("Capacity") { Text(capacity) }
                    }
                }
                Section {
                    if let blocker = lock.blocker {
                        Text(blocker)
                    } else if let phrase = lock.requiredPhrase {
                        Text("Type \(phrase) to confirm.")
                        TextField(phrase, text: $lock.typedConfirmation)
                            .textInputAutocapitalization(.characters)
                            .autocorrectionDisabled()
                        if let problem = lock.passwordProblem {
                            Text(problem).font(.footnote).foregroundStyle(.secondary)
                        }
                        NFCActionButton(
                            availability: availability, title: "Lock this tag for good",
                            isWorking: lock.state.isWorking, isEnabled: lock.canLock
                        ) {
                            await lock.lock()
                        }
                    }
                }
                if lock.target != nil {
                    PasswordSection(
                        usesPassword: $lock.usesPassword, entry: $lock.password, reason: lock.passwordReason,
                        note: lock.passwordNote)
                    // An Ultralight C or Ultralight AES whose key guards the pages the lock writes.
                    KeySection(usesKey: $lock.usesKey, entry: $lock.key, reason: lock.keyReason)
                }
                if let receipt = lock.state.outcome {
                    Section {
                        ForEach(lock.reportLines, id: \.self) { line in
                            Label(line, systemImage: receipt.accessAfter == .readOnly ? "lock.fill" : "lock.open")
                        }
                    }
                }
                if let failure = lock.state.failure {
                    Section { Label(failure, systemImage: "xmark.octagon").foregroundStyle(.red) }
                }
            }
            .navigationTitle("Lock")
        }
    }
}
