import Contacts
import CoreNFCTransport
import Foundation
import NDEF
import Observation

/// The screen iOS opens TapCard to when a tag is read in the background: iOS reads a tag whose
/// first URI record is a link to TapCard's associated domain, and delivers it as a universal link
/// (`NSUserActivityTypeBrowsingWeb`) whose `ndefMessagePayload` is the whole NDEF message. The app
/// turns that into `NDEFRecordFields` and the web page URL; this decides what to show:
/// - a `text/vcard` (or `text/x-vcard`) record that reads as a vCard: the card, with the link;
/// - else a link (the activity's web page URL, or the first URI or smart-poster record);
/// - else the records as they are.
@MainActor
@Observable
public final class BackgroundTagViewModel {
    /// What is shown; `nil` until iOS opens TapCard from a tag or link.
    public private(set) var content: BackgroundTagContent?

    public init() {}

    /// iOS opened TapCard with a tag's message (`records`, empty for a universal link opened
    /// elsewhere) and the URL of the link it followed.
    /// SwiftUI may hand the same universal link over twice (as a URL and as a user activity): the
    /// bare link never replaces a tag's message that carried it.
    public func open(records: [NDEFRecordFields], webpageURL: String?) {
        if records.isEmpty, let content, !content.records.isEmpty, content.link == webpageURL { return }
        content = Self.content(records: records, webpageURL: webpageURL)
    }

    /// The screen was closed.
    public func dismiss() { content = nil }

    /// What to show for a message and link (pure: tested on Linux).
    ///
    /// For an activity that no tag read produced, iOS's `ndefMessagePayload` is one empty record
    /// (TNF 0): that is no message, not a tag with an empty record.
    public static func content(records: [NDEFRecordFields], webpageURL: String?) -> BackgroundTagContent {
        let records = isNoMessage(records) ? [] : records
        let rows = records.enumerated().map { RecordRow(index: $0.offset, fields: $0.element) }
        let tagLink = rows.lazy.compactMap { row -> String? in
            switch row.view {
            case .uri(let uri): uri.uri
            case .smartPoster(let poster): poster.uri.uri
            default: nil
            }
        }.first
        let link = tagLink ?? webpageURL.flatMap { $0.isEmpty ? nil : $0 }
        for row in rows {
            guard case .mime(let mime) = row.view, isVCard(mime.type),
                let reading = try? VCardReader.read(mime.payload)
            else { continue }
            return .card(reading, link: link, records: rows)
        }
        if let link { return .link(link, records: rows) }
        return rows.isEmpty ? .nothing : .records(rows)
    }

    static func isNoMessage(_ records: [NDEFRecordFields]) -> Bool {
        guard records.count == 1, let only = records.first else { return false }
        return only.tnf & 0x07 == 0 && only.type.isEmpty && only.payload.isEmpty
    }

    static func isVCard(_ type: String) -> Bool {
        let base = type.split(separator: ";").first.map(String.init) ?? type
        return ["text/vcard", "text/x-vcard", "text/directory"].contains(
            base.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
