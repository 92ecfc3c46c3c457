import Contacts
import SwiftUI
import ViewModels

/// What a tag read in the background opened TapCard with: the card it carries, the page it points
/// to, or its records.
struct OpenedTagView: View {
    let opened: BackgroundTagViewModel
    let content: BackgroundTagContent

    var body: some View {
        NavigationStack {
            List {
                switch content {
                case .card(let reading, _, _):
                    Section("Card") {
                        Text(reading.profile.formattedName).font(.title2)
                        if !reading.profile.organization.isEmpty { Text(reading.profile.organization) }
                        if !reading.profile.title.isEmpty { Text(reading.profile.title) }
                        ForEach(reading.profile.phones, id: \.number) { phone in Text(phone.number) }
                        ForEach(reading.profile.emails, id: \.self) { email in Text(email) }
                        ForEach(reading.profile.urls, id: \.self) { url in Text(url) }
                    }
                case .link, .records:
                    EmptyView()
                case .nothing:
                    Text("iOS opened TapCard without a tag message or link.")
                }
                if let link = content.link, let url = URL(string: link) {
                    Section("Link") {
                        Link(link, destination: url)
                    }
                }
                if !content.records.isEmpty {
                    Section("Records on the tag") {
                        ForEach(content.records) { row in RecordRowView(row: row) }
                    }
                }
            }
            .navigationTitle("Tag")
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { opened.dismiss() }
                }
            }
        }
    }
}
