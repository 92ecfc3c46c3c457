import SwiftUI
import ViewModels

/// A small iPhone outline with the NFC antenna marked at its top edge, and where to hold the tag.
struct PhoneOutlineView: View {
    var body: some View {
        HStack(spacing: 16) {
            ZStack(alignment: .top) {
                RoundedRectangle(cornerRadius: 12)
                    .stroke(.secondary, lineWidth: 2)
                    .frame(width: 44, height: 88)
                Capsule()
                    .fill(.tint)
                    .frame(width: 30, height: 6)
                    .offset(y: -3)
                Image(systemName: "wave.3.up")
                    .font(.caption2)
                    .foregroundStyle(.tint)
                    .offset(y: -18)
            }
            .padding(.top, 18)
            .accessibilityHidden(true)
            Text(ScanViewModel.antennaHint)
                .font(.footnote)
                .foregroundStyle(.secondary)
        }
    }
}
