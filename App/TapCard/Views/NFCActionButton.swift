import SwiftUI
import ViewModels

/// The one NFC button of a screen. Where the device cannot read tags it shows why instead:
/// never a button that does nothing.
struct NFCActionButton: View {
    let availability: AvailabilityViewModel
    let title: String
    let isWorking: Bool
    var isEnabled = true
    let action: @MainActor () async -> Void

    var body: some View {
        if let explanation = availability.explanation {
            Label(explanation, systemImage: "exclamationmark.triangle")
                .font(.callout)
                .foregroundStyle(.secondary)
        } else {
            Button {
                Task { await action() }
            } label: {
                HStack {
                    if isWorking { ProgressView() }
                    Text(title).frame(maxWidth: .infinity)
                }
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
            .disabled(isWorking || !isEnabled)
        }
    }
}
