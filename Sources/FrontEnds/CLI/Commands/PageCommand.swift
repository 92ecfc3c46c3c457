import CardPage
import Cards
import CommandLineKit
import Foundation
import TapCardSupport

/// `tapcard page`: the static site at the other end of a card's link.
struct PageCommand: Command {
    static let name = "page"
    static let summary = "Write a self-contained card page (index.html, the .vcf, host headers) for a static host."
    static let options: [OptionSpec] =
        [
            .json,
            .value("--out", "DIR", completion: .file, "The folder to write the site into (created if needed)."),
            .value("--base-url", "URL", "The page's own URL: adds its QR code and the tapcard write line."),
            .value("--app-id", "TEAMID.BUNDLE", "Also write .well-known/apple-app-site-association for this app."),
            .value("--lang", "TAG", "The page's language (html lang), default en."),
            .flag("--force", "Replace files that already exist in the folder."),
        ] + ProfileOptions.options
    static let help = """
        Usage: tapcard page [profile options | --from-vcf FILE] --out DIR [--base-url URL]
                            [--app-id TEAMID.BUNDLE] [--lang TAG] [--force] [--json]

        Writes a static card site that any static host serves (GitHub Pages, S3, a USB stick):
          index.html   the contact laid out for a phone; no script, no external font, image,
                       style or tracker; light and dark; every value escaped
          contact.vcf  byte for byte what 'tapcard vcard' prints for the same options,
                       linked from the page as "Add to contacts"
          _headers     Content-Type: text/vcard for the .vcf (Netlify and Cloudflare Pages
                       read it; on other hosts, set that type yourself)
        With --base-url, the page also shows a QR code of URL (inline SVG) and the exact
        'tapcard write uri URL' line, with its size against an NTAG213, NTAG215 and NTAG216.
        With --app-id, it writes .well-known/apple-app-site-association (applinks, every path
        under the base URL's path) so that an iPhone opens the app for the link.

        Options:
          --out DIR              The site's folder (created if needed). A file of these names that
                                 exists there is replaced only with --force (without it, all of
                                 them are listed and nothing is written); a symbolic link, as a
                                 file or a folder inside DIR, is never written through.
          --force                Replace the site's files that exist in DIR.
          --base-url URL         The page's own http(s) URL, as it will be served.
          --app-id ID            TEAMID.BUNDLE, e.g. ABCDE12345.com.example.tapcard.
          --lang TAG             The language of the page's own words (default en).
          --json                 One JSON object: out, files [{path, bytes}], url, write_command,
                                 message_bytes, tags [{model, capacity, fits, sentence}].

        Exit status: 0 written; 1 refused (files exist without --force, a symbolic link); 64
        usage error; 65 the profile or an option cannot be used (no name, a base URL that is not
        http(s), an app ID not TEAMID.BUNDLE); 69 or 74 a file could not be written.

        """ + ProfileOptions.help + """

            Example:
              tapcard page --name "Ada Lovelace" --email ada@example.org --out site --base-url https://ada.example/

            """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let profile = try ProfileOptions.parse(&arguments, io: io)
        guard let out = try arguments.option("--out") else {
            throw UsageError("Missing --out DIR: the folder to write the site into.", command: name)
        }
        let baseURL = try arguments.option("--base-url")
        let appID = try arguments.option("--app-id")
        let language = try arguments.option("--lang") ?? "en"
        let json = arguments.flag("--json")
        let force = arguments.flag("--force")
        try arguments.finish()
        guard !language.isEmpty, language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else {
            throw UsageError("--lang takes a language tag such as en or pt-BR, not '\(language)'.", command: name)
        }
        let files = try CardPageGenerator.files(for: profile, baseURL: baseURL, appID: appID, language: language)
        // Every file is checked (existing, a link) before the first is written.
        try OutputFiles.write(
            files.map { OutputFiles.File(path: out + "/" + $0.path, bytes: $0.bytes) }, into: out, force: force)
        let line = try baseURL.map { try CardPageGenerator.tagLine(for: $0) }
        if json {
            io.printJSON(
                .object([
                    ("out", .string(out)),
                    (
                        "files",
                        .array(files.map { .object([("path", .string($0.path)), ("bytes", .int($0.bytes.count))]) })
                    ),
                    ("url", line.map { .string($0.url) } ?? .null),
                    ("write_command", line.map { .string($0.command) } ?? .null),
                    ("message_bytes", line.map { .int($0.messageBytes) } ?? .null),
                    (
                        "tags",
                        .array(
                            (line?.verdicts ?? []).map { model, verdict in
                                .object([
                                    ("model", .string(model.rawValue)),
                                    ("capacity", .int(verdict.capacity.bytes)),
                                    ("fits", .bool(verdict.fits)),
                                    ("sentence", .string(verdict.sentence)),
                                ])
                            })
                    ),
                ]))
        } else {
            var text = ""
            for file in files { text += "Wrote \(out)/\(file.path) (\(FitVerdict.bytes(file.bytes.count)))\n" }
            if let line {
                text += "\nPut the link on a tag with (\(FitVerdict.bytes(line.messageBytes)) of NDEF message):\n"
                text += "  \(line.command)\n"
                for (model, verdict) in line.verdicts { text += "  \(model.displayName): \(verdict.sentence)\n" }
            }
            io.printLines(text)
        }
        return .success
    }
}
