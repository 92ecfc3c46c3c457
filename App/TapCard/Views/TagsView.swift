import SwiftUI
import ViewModels

/// Tags: the inventory from the store, with each capacity and where it came from.
struct TagsView: View {
    let tags: TagsViewModel

    var body: some View {
        NavigationStack {
            List {
                if let error = tags.errorMessage {
                    Text(error).foregroundStyle(.red)
                }
                if tags.rows.isEmpty {
                    Text("No tags yet. Scan one and it appears here.").foregroundStyle(.secondary)
                }
                ForEach(tags.rows) { row in
                    VStack(alignment: .leading, spacing: 2) {
                        HStack {
                            Text(row.title).font(.headline)
                            if row.locked { Image(systemName: "lock.fill") }
                        }
                        Text("\(row.chip) · \(row.uid)").font(.caption.monospaced())
                        Text(row.capacity).font(.caption)
                        Text("Signature: \(row.signature)").font(.caption)
                        if let location = row.location { Text(location).font(.caption) }
                        Text(row.lastWrite).font(.caption).foregroundStyle(.secondary)
                    }
                }
            }
            .navigationTitle("Tags")
            .onAppear { tags.refresh() }
        }
    }
}
