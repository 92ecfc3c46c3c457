import SwiftUI

/// What a completed protect, unprotect or key change did, the same on both Protect forms: the
/// outcome's title, its lines, and how to undo it when there is a way.
struct OutcomeSection: View {
    let title: String
    let lines: [String]
    let undo: String?

    var body: some View {
        Section(title) {
            ForEach(lines, id: \.self) { line in
                Label(line, systemImage: "checkmark.seal")
            }
            if let undo {
                Label(undo, systemImage: "arrow.uturn.backward")
            }
        }
    }
}
