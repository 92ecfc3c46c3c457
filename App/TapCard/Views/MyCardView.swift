import Cards
import SwiftUI
import TagCatalog
import ViewModels

/// My Card: the profile editor, the format choice with live byte counts, the fit verdict
/// ("assuming" until a tag reports) and the advisor's suggestion.
struct MyCardView: View {
    @Bindable var card: MyCardViewModel

    var body: some View {
        NavigationStack {
            Form {
                Section("Profile") {
                    TextField("Name", text: $card.profile.displayName)
                        .textContentType(.name)
                    TextField("Organisation", text: $card.profile.organization)
                        .textContentType(.organizationName)
                    TextField("Title", text: $card.profile.title)
                        .textContentType(.jobTitle)
                    TextField("Phone", text: $card.primaryPhone)
                        .textContentType(.telephoneNumber)
                        .keyboardType(.phonePad)
                    TextField("E-mail", text: $card.primaryEmail)
                        .textContentType(.emailAddress)
                        .keyboardType(.emailAddress)
                        .textInputAutocapitalization(.never)
                    TextField("Web address", text: $card.primaryURL)
                        .textContentType(.URL)
                        .keyboardType(.URL)
                        .textInputAutocapitalization(.never)
                    TextField("Note", text: $card.profile.note, axis: .vertical)
                }
                Section {
                    Picker("Format", selection: $card.format) {
                        ForEach(card.sizes) { size in
                            Text("\(size.format.rawValue) · \(size.note)").tag(size.format)
                        }
                    }
                    .pickerStyle(.inline)
                    if card.format == .url {
                        TextField("Link to write (default: web address)", text: $card.link)
                            .keyboardType(.URL)
                            .textInputAutocapitalization(.never)
                    }
                } header: {
                    Text("Write as")
                } footer: {
                    Text(card.format.recordDescription)
                }
                Section("Fit") {
                    Label(card.verdict, systemImage: card.fits ? "checkmark.circle" : "exclamationmark.triangle")
                        .foregroundStyle(card.fits ? Color.primary : Color.orange)
                    Text(card.capacityText).font(.footnote).foregroundStyle(.secondary)
                    if let suggestion = card.suggestion {
                        Text(suggestion).font(.callout)
                    }
                    if card.reportedCapacity == nil {
                        Picker("Assume a tag", selection: $card.assumedModel) {
                            ForEach(card.modelChoices, id: \.self) { model in
                                Text(model.displayName).tag(model)
                            }
                        }
                    } else {
                        Button("Use an assumed tag instead") { card.forgetReportedTag() }
                    }
                }
            }
            .navigationTitle("My Card")
        }
    }
}
