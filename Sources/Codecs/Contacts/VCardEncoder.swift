/// vCard 3.0 (RFC 2426) for a ``ContactProfile``: the bytes that go into an NDEF `text/vcard`
/// record.
///
/// Property order is fixed (BEGIN, VERSION, N, FN, then ORG, TITLE, TEL, EMAIL, URL, ADR, NOTE
/// when present, END) so the same profile always gives the same bytes, and so that dropping an
/// optional field removes exactly its own lines. Every line, the last one included, ends in CRLF
/// (RFC 2425 §5.8.1: "contentline = … CRLF"), and long lines are folded by ``LineFolding``.
public enum VCardEncoder {
    /// The media type of an NDEF record holding a vCard (RFC 6350 §10.1 registers text/vcard; it
    /// is what Android's contacts app registers for, alongside the older text/x-vcard).
    public static let mediaType = "text/vcard"

    /// The vCard bytes, UTF-8, CRLF line ends, folded at 75 octets.
    public static func encode(_ profile: ContactProfile) -> [UInt8] {
        var out: [UInt8] = []
        for line in logicalLines(profile) {
            out.append(contentsOf: LineFolding.fold(line))
        }
        return out
    }

    /// The vCard as text (the same bytes as ``encode(_:)``).
    public static func encodeString(_ profile: ContactProfile) -> String {
        String(decoding: encode(profile), as: UTF8.self)
    }

    /// The unfolded content lines, in order, without line ends.
    public static func logicalLines(_ profile: ContactProfile) -> [String] {
        var lines = ["BEGIN:VCARD", "VERSION:3.0"]
        // N is mandatory in 3.0; when the profile gives no parts it is a guess
        // (PersonName.guessed(from:)), while FN below keeps the name exactly as typed.
        let name = profile.effectiveName
        lines.append(
            "N:"
                + VCardText.structured([name.family, name.given, name.additional, name.prefixes, name.suffixes]))
        lines.append("FN:" + VCardText.escape(profile.formattedName))
        lines.append(contentsOf: optionalLines(profile).map(\.line))
        lines.append("END:VCARD")
        return lines
    }

    /// The optional fields' lines, each with the field it came from, in output order.
    public static func optionalLines(_ profile: ContactProfile) -> [(field: ContactField, line: String)] {
        var lines: [(ContactField, String)] = []
        if !profile.organization.isEmpty {
            // ORG is structured (name;unit;unit…); a single escaped component keeps any ";" typed.
            lines.append((.organization, "ORG:" + VCardText.escape(profile.organization)))
        }
        if !profile.title.isEmpty {
            lines.append((.title, "TITLE:" + VCardText.escape(profile.title)))
        }
        for (index, phone) in profile.phones.enumerated() {
            lines.append((.phone(index), "TEL;TYPE=\(phone.kind.vCardType):" + VCardText.escape(phone.number)))
        }
        for (index, email) in profile.emails.enumerated() {
            lines.append((.email(index), "EMAIL;TYPE=INTERNET:" + VCardText.escape(email)))
        }
        for (index, url) in profile.urls.enumerated() {
            // RFC 2426 types URL as a uri, but common readers (vobject, Apple Contacts) decode it
            // as text and split an unescaped comma; escaping keeps the link in one piece.
            lines.append((.url(index), "URL:" + VCardText.escape(url)))
        }
        if !profile.address.isEmpty {
            lines.append((.address, "ADR:" + VCardText.structured(profile.address.components)))
        }
        if !profile.note.isEmpty {
            lines.append((.note, "NOTE:" + VCardText.escape(profile.note)))
        }
        return lines
    }
}
