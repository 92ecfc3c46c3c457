import Cards
import Contacts
import NDEF
import QRCode
import TagCatalog

/// The static card site for a profile: `index.html` (the contact laid out for a phone, readable
/// without JavaScript, no external resources), `contact.vcf` (exactly ``/Contacts/VCardEncoder``'s
/// bytes, what `tapcard vcard` prints), `_headers` (the vCard's media type for hosts that read
/// Netlify / Cloudflare Pages style header files), and with an app ID,
/// `.well-known/apple-app-site-association`.
public enum CardPageGenerator {
    /// The vCard's file name, as the page links it.
    public static let vcardName = "contact.vcf"
    /// The tags whose capacity the page's write line is weighed against.
    public static let tags: [TagModel] = [.ntag213, .ntag215, .ntag216]

    /// What the page says about putting its own link on a tag.
    public struct TagLine: Sendable, Equatable {
        /// The page's URL, the QR code's content.
        public let url: String
        /// The exact command, shell-quoted.
        public let command: String
        /// The NDEF message of the one URI record `tapcard write uri` writes.
        public let messageBytes: Int
        /// One verdict per tag in ``CardPageGenerator/tags``, from ``/Cards/FitVerdict``.
        public let verdicts: [(model: TagModel, verdict: FitVerdict)]

        public static func == (lhs: TagLine, rhs: TagLine) -> Bool {
            lhs.url == rhs.url && lhs.command == rhs.command && lhs.messageBytes == rhs.messageBytes
                && lhs.verdicts.map(\.model) == rhs.verdicts.map(\.model)
                && lhs.verdicts.map(\.verdict) == rhs.verdicts.map(\.verdict)
        }
    }

    /// The site's files, in the order they are listed: index.html, contact.vcf, _headers, then
    /// the association file when `appID` is given.
    public static func files(
        for profile: ContactProfile, baseURL: String? = nil, appID: String? = nil, language: String = "en"
    ) throws -> [CardPageFile] {
        try CardEncoding.check(profile)
        let line = try baseURL.map { try tagLine(for: $0) }
        var files = [
            CardPageFile(
                path: "index.html", bytes: Array(CardPageHTML.render(profile, tagLine: line, language: language).utf8)),
            CardPageFile(path: vcardName, bytes: VCardEncoder.encode(profile)),
            CardPageFile(path: "_headers", bytes: Array(headers.utf8)),
        ]
        if let appID {
            files.append(
                CardPageFile(
                    path: ".well-known/apple-app-site-association",
                    bytes: Array(try association(appID: appID, baseURL: baseURL).utf8)))
        }
        return files
    }

    /// The write line and its sizes for the page at `url`.
    public static func tagLine(for url: String) throws(CardPageError) -> TagLine {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), url.count > 8,
            !url.contains(where: { $0.isWhitespace || $0.isNewline || $0 == "\"" || $0 == "<" || $0 == ">" })
        else { throw CardPageError.notAWebAddress(url) }
        let bytes = NDEFMessage(records: [NDEFRecord.uri(url)]).encoded().count
        return TagLine(
            url: url, command: "tapcard write uri " + shellQuoted(url), messageBytes: bytes,
            verdicts: tags.map {
                ($0, FitVerdict(messageBytes: bytes, capacity: $0.assumedCapacity, remedy: .shorterLinkOrBiggerTag))
            })
    }

    static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// A word as the shell reads it: unchanged when it holds only characters no shell treats
    /// specially, else in single quotes (a quote inside as '\'').
    static func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            $0.isASCII && (isASCIIAlphanumeric($0) || ":/._~-%+=@,".unicodeScalars.contains($0))
        }
        return plain
            ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// Netlify and Cloudflare Pages read this file; other hosts ignore it (it is also a note to
    /// whoever configures one that the vCard must be served as text/vcard).
    static let headers = """
        # Serve the vCard with its media type, so that phones offer to add the contact.
        /\(vcardName)
          Content-Type: text/vcard; charset=utf-8
          Content-Disposition: attachment; filename="\(vcardName)"

        """

    /// Apple's current association format (`applinks.details[].appIDs` and `components`, iOS 13
    /// and later): every path under the base URL's own path opens the app.
    static func association(appID: String, baseURL: String?) throws(CardPageError) -> String {
        let parts = appID.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0].count == 10,
            parts[0].unicodeScalars.allSatisfy({ $0.isASCII && isASCIIAlphanumeric($0) }),
            !parts[1].isEmpty,
            parts[1].unicodeScalars.allSatisfy({
                $0.isASCII && (isASCIIAlphanumeric($0) || $0 == "." || $0 == "-")
            })
        else { throw CardPageError.notAnAppID(appID) }
        var path = "/"
        if let baseURL, let schemeEnd = baseURL.range(of: "://") {
            let rest = baseURL[schemeEnd.upperBound...]
            if let slash = rest.firstIndex(of: "/") {
                path = String(rest[slash...].prefix { $0 != "?" && $0 != "#" })
            }
        }
        if !path.hasSuffix("/") { path += "/" }
        // JSON string escaping: the app ID is letters, digits, '.', '-'; the path is a URL path
        // without quotes or spaces (checked by tagLine), but a backslash is escaped anyway.
        let pattern = (path + "*").split(separator: "\\", omittingEmptySubsequences: false).joined(separator: "\\\\")
        return """
            {"applinks":{"details":[{"appIDs":["\(appID)"],"components":[{"/":"\(pattern)","comment":"The card page and everything under it"}]}]}}

            """
    }
}
