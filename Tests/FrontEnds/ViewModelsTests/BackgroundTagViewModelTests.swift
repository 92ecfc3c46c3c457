import Contacts
import CoreNFCTransport
import NDEF
import Testing
import ViewModels

/// What TapCard shows when iOS opens it from a tag read in the background (its
/// `ndefMessagePayload`, turned into record fields by the app) or from a universal link.
@MainActor
@Suite("Background tag reading")
struct BackgroundTagViewModelTests {
    static let ada = ContactProfile(
        displayName: "Ada Lovelace", phones: [Phone("+44 20 7946 0000")], emails: ["ada@example.com"])
    static let page = "https://card.example/ada/"

    static func fields(_ records: NDEFRecord...) -> [NDEFRecordFields] {
        records.map { NDEFRecordFields(tnf: $0.tnf.rawValue, type: $0.type, id: $0.id, payload: $0.payload) }
    }

    @Test("A dual card (vCard first, link second) shows the card with its link")
    func dualCard() throws {
        let records = Self.fields(
            .mime(type: "text/vcard", payload: VCardEncoder.encode(Self.ada)), .uri(Self.page))
        let model = BackgroundTagViewModel()
        model.open(records: records, webpageURL: Self.page)
        guard case .card(let reading, let link, let rows)? = model.content else {
            Issue.record("expected the card, got \(String(describing: model.content))")
            return
        }
        #expect(reading.profile.displayName == "Ada Lovelace")
        #expect(reading.profile.emails == ["ada@example.com"])
        #expect(link == Self.page)
        #expect(rows.map(\.title) == ["MIME text/vcard", "Link"])
        // The same universal link delivered again as a bare URL keeps the card.
        model.open(records: [], webpageURL: Self.page)
        #expect(model.content?.records.count == 2)
        model.open(records: [], webpageURL: "https://other.example/")
        #expect(model.content == .link("https://other.example/", records: []))
        model.dismiss()
        #expect(model.content == nil)
    }

    @Test("A link-only tag shows the link and its records")
    func linkOnly() {
        let content = BackgroundTagViewModel.content(records: Self.fields(.uri(Self.page)), webpageURL: Self.page)
        #expect(content.link == Self.page)
        if case .link = content {} else { Issue.record("expected a link, got \(content)") }
        #expect(content.records.count == 1)
    }

    @Test("A universal link opened outside a tag read (no records) shows the link")
    func universalLinkWithoutTag() {
        let content = BackgroundTagViewModel.content(records: [], webpageURL: Self.page)
        #expect(content == .link(Self.page, records: []))
        // What iOS's ndefMessagePayload holds for an activity no tag read produced: one empty record.
        let placeholder = [NDEFRecordFields(tnf: 0, type: [], payload: [])]
        #expect(BackgroundTagViewModel.content(records: placeholder, webpageURL: Self.page) == content)
        #expect(BackgroundTagViewModel.content(records: [], webpageURL: nil) == .nothing)
        #expect(BackgroundTagViewModel.content(records: [], webpageURL: "") == .nothing)
    }

    @Test("A vCard that does not read falls back to the link; x-vcard in any case reads")
    func vCardVariants() {
        let broken = BackgroundTagViewModel.content(
            records: Self.fields(.mime(type: "text/vcard", payload: [0xFF, 0xFE, 0x00]), .uri(Self.page)),
            webpageURL: nil)
        if case .link(let link, let rows) = broken {
            #expect(link == Self.page)
            #expect(rows.count == 2)
        } else {
            Issue.record("expected the link, got \(broken)")
        }
        let legacy = BackgroundTagViewModel.content(
            records: Self.fields(
                .mime(type: "text/X-VCARD", payload: VCardEncoder.encode(Self.ada))),
            webpageURL: nil)
        if case .card(let reading, nil, _) = legacy {
            #expect(reading.profile.displayName == "Ada Lovelace")
        } else {
            Issue.record("expected the card, got \(legacy)")
        }
    }

    @Test("Records without a link or card are listed as they are")
    func recordsOnly() {
        let content = BackgroundTagViewModel.content(records: Self.fields(.text("desk drawer")), webpageURL: nil)
        #expect(content.records.map(\.detail) == ["desk drawer"])
        #expect(content.link == nil)
    }
}
