import Cards
import Contacts
import NDEF
import TapCardSupport

/// The rows of a `batch write` CSV, each turned into the NDEF message it asks for.
///
/// Two shapes, told apart by the header:
/// - a `url` (or `uri`) column and no name columns: one URI record per row;
/// - profile columns (`name`, `family`, `given`, `org`, `title`, `tel`, `email`, `url`, `adr`,
///   `note`; `tel`, `email` and `url` may repeat): one contact card per row, in the chosen format.
/// A file without a header whose rows are single URIs (`scheme:…`) is a URI list.
struct BatchSheet {
    struct Item {
        /// 1-based data row number (the header is not counted), as the manifest names it.
        var row: Int
        /// What the row says, for messages.
        var label: String
        var message: NDEFMessage
    }

    var items: [Item]

    static let profileColumns: Set<String> = [
        "name", "family", "given", "org", "title", "tel", "email", "url", "adr", "note",
    ]
    static let nameColumns: Set<String> = ["name", "family", "given", "org"]

    static func parse(_ text: String, format: CardFormat) throws -> BatchSheet {
        let records = try CSV.parse(text)
        guard let first = records.first else { throw BatchError.emptySheet }
        let header = first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if header.count == 1, header[0] != "url", header[0] != "uri", looksLikeURI(first[0]) {
            return BatchSheet(
                items: records.enumerated().map { index, fields in
                    let uri = fields[0].trimmingCharacters(in: .whitespaces)
                    return Item(row: index + 1, label: uri, message: NDEFMessage(records: [.uri(uri)]))
                })
        }
        let isProfile = header.contains { nameColumns.contains($0) }
        if !isProfile {
            guard let column = header.firstIndex(where: { $0 == "url" || $0 == "uri" }) else {
                throw BatchError.unknownHeader(header)
            }
            var items: [Item] = []
            for (index, fields) in records.dropFirst().enumerated() {
                let uri = column < fields.count ? fields[column].trimmingCharacters(in: .whitespaces) : ""
                guard !uri.isEmpty else { throw BatchError.emptyRow(row: index + 1) }
                items.append(Item(row: index + 1, label: uri, message: NDEFMessage(records: [.uri(uri)])))
            }
            return BatchSheet(items: items)
        }
        if let unknown = header.first(where: { !$0.isEmpty && !profileColumns.contains($0) }) {
            throw BatchError.unknownColumn(unknown)
        }
        var items: [Item] = []
        for (index, fields) in records.dropFirst().enumerated() {
            let profile = try profile(header: header, fields: fields)
            let message = try CardEncoding.message(for: profile, as: format)
            let label = profile.formattedName.isEmpty ? profile.organization : profile.formattedName
            items.append(Item(row: index + 1, label: label, message: message))
        }
        return BatchSheet(items: items)
    }

    static func profile(header: [String], fields: [String]) throws -> ContactProfile {
        var profile = ContactProfile()
        for (column, name) in header.enumerated() where column < fields.count {
            let value = fields[column].trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            switch name {
            case "name": profile.displayName = value
            case "family": profile.name.family = value
            case "given": profile.name.given = value
            case "org": profile.organization = value
            case "title": profile.title = value
            case "tel": profile.phones.append(try ProfileOptions.phone(value, command: "batch"))
            case "email": profile.emails.append(value)
            case "url": profile.urls.append(value)
            case "adr": profile.address = ProfileOptions.address(value)
            case "note": profile.note = value
            default: break
            }
        }
        return profile
    }

    /// `scheme:rest`, the scheme being letters, digits, `+`, `-`, `.` (RFC 3986 §3.1).
    static func looksLikeURI(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex else { return false }
        let scheme = trimmed[..<colon]
        return scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
