import CommandLineKit
import Contacts
import Foundation
import TapCardSupport

/// The contact-profile options shared by `tapcard vcard`, `tapcard card` and `tapcard write card`:
/// one parser, one help text, so every command reads a profile the same way.
public enum ProfileOptions {
    public static let options: [OptionSpec] = [
        .value("--name", "NAME", "The name exactly as it should be shown (vCard FN)."),
        .value("--family", "NAME", "Family name (vCard N)."),
        .value("--given", "NAME", "Given name (vCard N)."),
        .value("--org", "ORGANIZATION", "Company or organisation."),
        .value("--title", "TITLE", "Job title."),
        .value("--tel", "[KIND:]NUMBER", repeatable: true, "A phone number (repeatable)."),
        .value("--email", "ADDRESS", repeatable: true, "An e-mail address (repeatable)."),
        .value("--url", "URL", repeatable: true, "A link (repeatable)."),
        .value("--adr", "ADDRESS", "STREET;CITY;REGION;POSTCODE;COUNTRY."),
        .value("--note", "TEXT", "A note."),
        .value("--from-vcf", "FILE", completion: .file, "Start from a contact file ('-': standard input)."),
    ]

    /// The options' help lines, for a command's `--help`.
    public static let help = """
        Profile options:
          --name NAME            The name exactly as it should be shown (vCard FN). Unless --family
                                 or --given is also given, the structured name (vCard N) is a guess:
                                 the last word is the family name.
          --family NAME          Family name (vCard N), when the guess would be wrong.
          --given NAME           Given name (vCard N).
          --org ORGANIZATION     Company or organisation.
          --title TITLE          Job title.
          --tel [KIND:]NUMBER    A phone number; KIND is cell, work, home, fax, pager or voice
                                 (default voice). Repeatable.
          --email ADDRESS        Repeatable.
          --url URL              Repeatable.
          --adr ADDRESS          STREET;CITY;REGION;POSTCODE;COUNTRY (missing parts may be left
                                 empty; without any ';' the whole text is the street).
          --note TEXT            A note.
          --from-vcf FILE        Start from a contact file (vCard 2.1/3.0/4.0; '-' reads standard
                                 input). Other options then replace its single fields and add to
                                 its phones, e-mails and links. What the file holds that a profile
                                 cannot is listed on standard error, never dropped silently.

        """

    /// Takes every profile option out of `arguments` and returns the profile they describe.
    /// Notes about a `--from-vcf` file (properties not carried over) go to standard error.
    public static func parse(_ arguments: inout Arguments, io: some CommandIO) throws -> ContactProfile {
        var profile = ContactProfile()
        if let path = try arguments.option("--from-vcf") {
            let bytes = try readFile(path, io: io)
            let reading = try VCardReader.read(bytes)
            profile = reading.profile
            // An empty TEL, EMAIL or URL line holds nothing to carry, and written back it would
            // only cost bytes on the tag ("TEL;TYPE=VOICE:" is 16 of them).
            profile.phones.removeAll { $0.number.isEmpty }
            profile.emails.removeAll(where: \.isEmpty)
            profile.urls.removeAll(where: \.isEmpty)
            for property in reading.unmapped {
                let group = property.group.map { "\($0)." } ?? ""
                io.printError(
                    "note: not carried over from \(path): \(group)\(property.name) (line \(property.line)): "
                        + property.reason)
            }
            for warning in reading.warnings {
                io.note("note: \(path): \(warning)")
            }
        }
        let name = try arguments.option("--name")
        let family = try arguments.option("--family")
        let given = try arguments.option("--given")
        if let name {
            profile.displayName = name
            // A new display name invalidates a file's structured name unless parts are given too.
            if family == nil && given == nil { profile.name = PersonName() }
        }
        if let family { profile.name.family = family }
        if let given { profile.name.given = given }
        if let org = try arguments.option("--org") { profile.organization = org }
        if let title = try arguments.option("--title") { profile.title = title }
        for value in try arguments.options("--tel") {
            let phone = try phone(value, command: arguments.command)
            guard !phone.number.isEmpty else {
                throw UsageError("--tel needs a number, not '\(value)'.", command: arguments.command)
            }
            profile.phones.append(phone)
        }
        profile.emails += try nonEmpty(arguments.options("--email"), option: "--email", command: arguments.command)
        profile.urls += try nonEmpty(arguments.options("--url"), option: "--url", command: arguments.command)
        if let adr = try arguments.option("--adr") { profile.address = address(adr) }
        if let note = try arguments.option("--note") { profile.note = note }
        return profile
    }

    /// `values` unchanged, or a usage error when one is empty: an empty e-mail or link would only
    /// cost bytes on the tag.
    static func nonEmpty(_ values: [String], option: String, command: String) throws(UsageError) -> [String] {
        if values.contains(where: \.isEmpty) {
            throw UsageError("\(option) needs a value, not an empty one.", command: command)
        }
        return values
    }

    /// `[KIND:]NUMBER`: a leading word of letters followed by a colon must be a known kind.
    static func phone(_ value: String, command: String) throws(UsageError) -> Phone {
        guard let colon = value.firstIndex(of: ":") else { return Phone(value) }
        let word = value[..<colon]
        let number = String(value[value.index(after: colon)...])
        guard !word.isEmpty, word.allSatisfy(\.isLetter) else { return Phone(value) }
        let lower = word.lowercased()
        if lower == "mobile" { return Phone(number, kind: .cell) }
        guard let kind = PhoneKind(rawValue: lower) else {
            let kinds = PhoneKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("--tel kind '\(word)' is not one of \(kinds).", command: command)
        }
        return Phone(number, kind: kind)
    }

    /// STREET;CITY;REGION;POSTCODE;COUNTRY, with `\;` for a semicolon inside a part.
    static func address(_ value: String) -> PostalAddress {
        let parts = VCardText.split(Substring(value), separator: ";").map(VCardText.unescape)
        func part(_ index: Int) -> String { parts.indices.contains(index) ? parts[index] : "" }
        var country = part(4)
        if parts.count > 5 { country = parts[4...].joined(separator: ";") }
        return PostalAddress(
            street: part(0), locality: part(1), region: part(2), postalCode: part(3), country: country)
    }

    static func readFile(_ path: String, io: some CommandIO) throws -> [UInt8] {
        try InputFile.readOrStandardInput(path, io: io)
    }
}
