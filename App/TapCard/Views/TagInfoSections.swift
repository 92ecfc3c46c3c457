import NDEF
import SwiftUI
import ViewModels

/// Every field of a read tag, then each record through its typed view.
struct TagInfoSections: View {
    let info: TagInfo

    var body: some View {
        Section("Tag") {
            ForEach(info.fields) { field in
                VStack(alignment: .leading, spacing: 2) {
                    Text(field.label).font(.caption).foregroundStyle(.secondary)
                    Text(field.value).textSelection(.enabled)
                }
            }
        }
        Section {
            if info.records.isEmpty {
                Text(info.contentSummary)
            }
            ForEach(info.records) { row in
                RecordRowView(row: row)
            }
        } header: {
            Text("Message")
        } footer: {
            if !info.records.isEmpty { Text(info.contentSummary) }
        }
    }
}
