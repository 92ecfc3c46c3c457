import CardPage
import Contacts
import Foundation
import Testing

@Suite struct CardPageTests {
    static let ada = ContactProfile(
        displayName: "Ada Lovelace", organization: "Analytical Engines", title: "Analyst",
        phones: [Phone("+44 20 7946 0000", kind: .cell)], emails: ["ada@example.org"], urls: ["https://ada.example/"],
        address: PostalAddress(street: "12 St James's Square", locality: "London"), note: "Notes on the engine")

    func file(_ files: [CardPageFile], _ path: String) throws -> String {
        String(decoding: try #require(files.first { $0.path == path }).bytes, as: UTF8.self)
    }

    @Test func theSiteHasThePageTheVCardAndTheHeaders() throws {
        let files = try CardPageGenerator.files(for: Self.ada)
        #expect(files.map(\.path) == ["index.html", "contact.vcf", "_headers"])
        #expect(try #require(files.first { $0.path == "contact.vcf" }).bytes == VCardEncoder.encode(Self.ada))
        let headers = try file(files, "_headers")
        #expect(headers.contains("/contact.vcf\n  Content-Type: text/vcard; charset=utf-8\n"))
        let html = try file(files, "index.html")
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<h1 dir=\"auto\" id=\"name\">Ada Lovelace</h1>"))
        for value in [
            "Analytical Engines", "Analyst", "+44 20 7946 0000", "ada@example.org", "https://ada.example/",
            "12 St James&#39;s Square", "London", "Notes on the engine",
        ] {
            #expect(html.contains(value), "\(value)")
        }
        #expect(html.contains("href=\"tel:+442079460000\""))
        #expect(html.contains("href=\"mailto:ada@example.org\""))
        #expect(html.contains("<a class=\"add\" id=\"add-to-contacts\" href=\"contact.vcf\""))
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        // Self-contained: nothing is fetched. No src, no stylesheet link, no script, no CSS url().
        for fetch in ["src=", "<link", "<script", "url(", "@import", "<img", "<iframe"] {
            #expect(!html.contains(fetch), "\(fetch)")
        }
        // Without --base-url there is no QR code and no write line.
        #expect(!html.contains("<svg"))
    }

    @Test func hostileValuesAreEscapedEverywhere() throws {
        var profile = ContactProfile(
            displayName: "<script>alert(1)</script>\u{202E}evil", organization: "\"onmouseover=alert(1) x=\"",
            title: "'single' & <b>bold</b>")
        profile.urls = ["javascript:alert(1)", "https://x.example/\"><script>alert(2)</script>"]
        profile.emails = ["a@b.example\"onfocus=\"alert(3)"]
        profile.note = "</dd></dl><img src=https://tracker.example/p.gif>"
        let html = try file(try CardPageGenerator.files(for: profile, baseURL: "https://x.example/card/"), "index.html")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("\"onmouseover"))
        #expect(!html.contains("\"onfocus"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;\u{202E}evil"))
        #expect(html.contains("&quot;onmouseover=alert(1) x=&quot;"))
        #expect(html.contains("&#39;single&#39; &amp; &lt;b&gt;bold&lt;/b&gt;"))
        #expect(html.contains("&lt;/dd&gt;&lt;/dl&gt;&lt;img src=https://tracker.example/p.gif&gt;"))
        // A javascript: URL is shown, never linked.
        #expect(!html.contains("href=\"javascript:"))
        #expect(html.contains("<span dir=\"auto\">javascript:alert(1)</span>"))
        // The right-to-left override stays inside its own bidi-isolated element.
        #expect(html.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt;\u{202E}evil</title>"))
    }

    @Test func theBaseURLAddsTheQRCodeAndTheWriteLine() throws {
        let html = try file(try CardPageGenerator.files(for: Self.ada, baseURL: "https://ada.example/"), "index.html")
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(html.contains("shape-rendering=\"crispEdges\""))
        #expect(html.contains("<code>tapcard write uri https://ada.example/</code>"))
        // One URI record: header, type length, payload length, "U", prefix 0x04, "ada.example/".
        let line = try CardPageGenerator.tagLine(for: "https://ada.example/")
        #expect(line.messageBytes == 3 + 1 + 1 + 12)
        #expect(line.verdicts.map(\.model.rawValue) == ["ntag213", "ntag215", "ntag216"])
        #expect(html.contains("NTAG213: Fits: 17 of 137 bytes, assuming an NTAG213."))
        // A URL the shell would split is quoted.
        #expect(
            try CardPageGenerator.tagLine(for: "https://a.example/?a=1&b='2'").command
                == "tapcard write uri 'https://a.example/?a=1&b='\\''2'\\'''")
    }

    @Test func theAssociationFileIsApplesApplinksFormat() throws {
        let files = try CardPageGenerator.files(
            for: Self.ada, baseURL: "https://ada.example/cards/ada", appID: "ABCDE12345.com.example.tapcard")
        let text = try file(files, ".well-known/apple-app-site-association")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let details = try #require((object["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
        #expect(details.first?["appIDs"] as? [String] == ["ABCDE12345.com.example.tapcard"])
        let components = try #require(details.first?["components"] as? [[String: Any]])
        #expect(components.first?["/"] as? String == "/cards/ada/*")
        #expect(throws: CardPageError.notAnAppID("com.example")) {
            try CardPageGenerator.files(for: Self.ada, appID: "com.example")
        }
    }

    @Test func badInputIsRefused() {
        #expect(throws: CardPageError.notAWebAddress("ftp://x")) {
            try CardPageGenerator.files(for: Self.ada, baseURL: "ftp://x")
        }
        #expect(throws: CardPageError.notAWebAddress("https://a b")) {
            try CardPageGenerator.files(for: Self.ada, baseURL: "https://a b")
        }
        #expect(throws: (any Error).self) { try CardPageGenerator.files(for: ContactProfile()) }
    }

    @Test func aRightToLeftNameKeepsItsOwnDirection() throws {
        let profile = ContactProfile(displayName: "مريم العربي", organization: "שלום")
        let html = try file(try CardPageGenerator.files(for: profile, language: "ar"), "index.html")
        #expect(html.contains("<html lang=\"ar\">"))
        #expect(html.contains("<h1 dir=\"auto\" id=\"name\">مريم العربي</h1>"))
        #expect(html.contains("<span dir=\"auto\">שלום</span>"))
    }
}
