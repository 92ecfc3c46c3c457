import SwiftUI
import ViewModels

/// Scan / Tag Info: one button, the phone outline, then every field of the tag read.
struct ScanView: View {
    let scan: ScanViewModel
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
