import NDEF
import SwiftUI
import ViewModels

/// One record. The switch is over the typed view, so a link renders as a link and text as text;
/// anything TapCard does not model shows its bytes as a hex dump.
struct RecordRowView: View {
    let row: RecordRow

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(row.title).font(.headline)
            content
            if !row.hexDump.isEmpty {
                ScrollView(.horizontal) {
                    Text(row.hexDump.joined(separator: "\n"))
                        .font(.system(.caption, design: .monospaced))
                        .textSelection(.enabled)
                }
            }
        }
    }

    @ViewBuilder private var content: some View {
        switch row.view {
        case .uri(let uri):
            if let url = URL(string: uri.uri) {
                Link(uri.uri, destination: url)
            } else {
                Text(uri.uri)
            }
        case .text(let text):
            Text(text.text).textSelection(.enabled)
        case .smartPoster, .mime, .external, .androidApplication, .absoluteURI, .empty, .unknown, .invalid:
            Text(row.detail).textSelection(.enabled)
        }
    }
}
