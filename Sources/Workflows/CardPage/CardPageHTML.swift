import Cards
import Contacts
import QRCode
import TapCardSupport

/// The card page's HTML: one self-contained document, inline CSS, no script, no external
/// resource of any kind (fonts, images, styles), light and dark by `prefers-color-scheme`.
/// Every profile value is escaped (`MarkupText`) and sits in its own element with `dir="auto"`
/// (HTML's bidi isolation), so a right-to-left name is laid out right to left, and a
/// bidirectional control in a value (U+202A–202E, U+2066–2069), kept as text, can only reorder
/// the characters of its own element, never the label beside it.
enum CardPageHTML {
    static func render(_ profile: ContactProfile, tagLine: CardPageGenerator.TagLine?, language: String) -> String {
        let name = MarkupText.escaped(profile.formattedName)
        var body = ""
        body += "<h1 dir=\"auto\" id=\"name\">\(name)</h1>\n"
        let role = [profile.title, profile.organization].filter { !$0.isEmpty }
        if !role.isEmpty {
            body += "<p class=\"role\">"
            body += role.map { "<span dir=\"auto\">\(MarkupText.escaped($0))</span>" }.joined(separator: " · ")
            body += "</p>\n"
        }
        var rows: [String] = []
        for phone in profile.phones {
            let digits = String(phone.number.filter { $0.isASCII && ($0.isNumber || "+*#".contains($0)) })
            rows.append(
                row(
                    label: "Phone (\(phone.kind.rawValue))",
                    value:
                        "<a href=\"tel:\(MarkupText.escaped(digits))\" dir=\"ltr\">\(MarkupText.escaped(phone.number))</a>"
                )
            )
        }
        for email in profile.emails {
            rows.append(
                row(
                    label: "Email",
                    value:
                        "<a href=\"mailto:\(MarkupText.escaped(email))\" dir=\"ltr\">\(MarkupText.escaped(email))</a>"))
        }
        for url in profile.urls {
            // Only web links become links: a `javascript:` or `data:` URL stays text.
            let lower = url.lowercased()
            let value =
                lower.hasPrefix("https://") || lower.hasPrefix("http://")
                ? "<a href=\"\(MarkupText.escaped(url))\" rel=\"me noopener\" dir=\"ltr\">\(MarkupText.escaped(url))</a>"
                : "<span dir=\"auto\">\(MarkupText.escaped(url))</span>"
            rows.append(row(label: "Web", value: value))
        }
        if !profile.address.isEmpty {
            let lines = [
                profile.address.poBox, profile.address.extended, profile.address.street,
                [profile.address.postalCode, profile.address.locality].filter { !$0.isEmpty }.joined(separator: " "),
                profile.address.region, profile.address.country,
            ].filter { !$0.isEmpty }
            rows.append(
                row(
                    label: "Address",
                    value: "<address dir=\"auto\">" + lines.map(MarkupText.escaped).joined(separator: "<br>")
                        + "</address>"))
        }
        if !profile.note.isEmpty {
            rows.append(
                row(
                    label: "Note", value: "<span dir=\"auto\" class=\"note\">\(MarkupText.escaped(profile.note))</span>"
                ))
        }
        if !rows.isEmpty { body += "<dl>\n" + rows.joined() + "</dl>\n" }
        body +=
            "<p><a class=\"add\" id=\"add-to-contacts\" href=\"\(CardPageGenerator.vcardName)\" "
            + "type=\"text/vcard\" download>Add to contacts</a></p>\n"
        if let tagLine {
            body += tagSection(tagLine)
        }
        return """
            <!DOCTYPE html>
            <html lang="\(MarkupText.escaped(language))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="referrer" content="no-referrer">
            <title>\(name)</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            <main class="card">
            \(body)</main>
            </body>
            </html>

            """
    }

    static func row(label: String, value: String) -> String {
        "<div class=\"row\"><dt>\(MarkupText.escaped(label))</dt><dd>\(value)</dd></div>\n"
    }

    /// The QR code of the page's own URL, and the line that puts the link on a tag.
    static func tagSection(_ line: CardPageGenerator.TagLine) -> String {
        let url = MarkupText.escaped(line.url)
        var out = "<section class=\"tag\" aria-labelledby=\"tag-heading\">\n"
        out += "<h2 id=\"tag-heading\">This page on a phone or a tag</h2>\n"
        if let matrix = try? QREncoder.encode(line.url, level: .medium) {
            out += "<div class=\"qr\">" + QRSVGRenderer.svg(matrix, pixels: 200, label: "QR code of \(line.url)")
            out += "</div>\n"
        }
        out += "<p>Scan it, or open <a href=\"\(url)\" dir=\"ltr\">\(url)</a>.</p>\n"
        out += "<p>Put the link on an NFC tag with:</p>\n"
        out += "<pre id=\"write-line\"><code>\(MarkupText.escaped(line.command))</code></pre>\n"
        out += "<p>The URI record is a \(FitVerdict.bytes(line.messageBytes)) NDEF message.</p>\n<ul class=\"fit\">\n"
        for (model, verdict) in line.verdicts {
            out += "<li>\(MarkupText.escaped(model.displayName)): \(MarkupText.escaped(verdict.sentence))</li>\n"
        }
        out += "</ul>\n</section>\n"
        return out
    }

    static let style = """
        :root { color-scheme: light dark; --bg: #f4f4f6; --card: #ffffff; --text: #16161a; --muted: #5b5b66;
          --accent: #0b57d0; --line: #dcdce2; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #111114; --card: #1d1d22; --text: #f1f1f4; --muted: #a8a8b3; --accent: #8ab4f8;
            --line: #33333b; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--text);
          font: 17px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
        .card { max-width: 30rem; margin: 0 auto; padding: 1.5rem 1.25rem 2rem; background: var(--card);
          min-height: 100vh; }
        h1 { font-size: 1.9rem; line-height: 1.2; margin: 0.5rem 0 0.25rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.1rem; margin: 0 0 0.5rem; }
        .role { color: var(--muted); margin: 0 0 1.25rem; overflow-wrap: anywhere; }
        dl { margin: 0 0 1.5rem; }
        .row { padding: 0.6rem 0; border-top: 1px solid var(--line); }
        dt { font-size: 0.8rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
        dd { margin: 0.1rem 0 0; overflow-wrap: anywhere; }
        address { font-style: normal; }
        .note { white-space: pre-wrap; }
        a { color: var(--accent); }
        .add { display: block; text-align: center; padding: 0.9rem; border-radius: 0.75rem; background: var(--accent);
          color: var(--card); font-weight: 600; text-decoration: none; }
        .tag { margin-top: 2rem; padding-top: 1rem; border-top: 1px solid var(--line); }
        .qr svg { display: block; width: 200px; height: 200px; margin: 0.5rem auto; }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--bg); padding: 0.6rem;
          border-radius: 0.5rem; font-size: 0.85rem; }
        .fit { color: var(--muted); font-size: 0.9rem; padding-left: 1.2rem; }
        """
}
