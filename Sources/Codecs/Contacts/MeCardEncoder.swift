/// MeCard, NTT DoCoMo's compact contact format: `MECARD:N:Doe,Jane;TEL:…;EMAIL:…;;`.
///
/// Fields are `KEY:value;` and the card ends with an empty field (`;;`). Inside a value, `\`,
/// `:` and `;` are escaped with a backslash (what ZXing's MeCard encoder does, and every reader
/// built on ZXing undoes); in N and ADR, whose components are separated by commas, a comma inside
/// a component is escaped as well. MeCard has no line-break escape: a line break becomes a space
/// (listed by ``losses(_:)``).
///
/// DoCoMo defines N, SOUND, TEL, TEL-AV, EMAIL, NOTE, BDAY, ADR, URL and NICKNAME; ORG is read by
/// ZXing and most QR readers; TITLE is not in any MeCard definition, so it is written as an extra
/// field that readers that do not know it skip (better than TapCard dropping it).
public enum MeCardEncoder {
    public static func encode(_ profile: ContactProfile) -> String {
        var out = "MECARD:"
        for (_, field) in fields(profile) { out += field + ";" }
        return out + ";"
    }

    /// The fields after `MECARD:`, each without its terminating `;`, with the profile field each
    /// came from (nil for the name).
    public static func fields(_ profile: ContactProfile) -> [(ContactField?, String)] {
        var fields: [(ContactField?, String)] = []
        if !profile.name.isEmpty {
            fields.append((nil, "N:" + component(profile.name.family) + "," + component(profile.name.given)))
        } else {
            fields.append((nil, "N:" + component(profile.displayName)))
        }
        if !profile.organization.isEmpty { fields.append((.organization, "ORG:" + text(profile.organization))) }
        if !profile.title.isEmpty { fields.append((.title, "TITLE:" + text(profile.title))) }
        for (index, phone) in profile.phones.enumerated() {
            fields.append((.phone(index), "TEL:" + text(phone.number)))
        }
        for (index, email) in profile.emails.enumerated() { fields.append((.email(index), "EMAIL:" + text(email))) }
        for (index, url) in profile.urls.enumerated() { fields.append((.url(index), "URL:" + text(url))) }
        if !profile.address.isEmpty {
            fields.append((.address, "ADR:" + profile.address.components.map(component).joined(separator: ",")))
        }
        if !profile.note.isEmpty { fields.append((.note, "NOTE:" + text(profile.note))) }
        return fields
    }

    /// What a MeCard cannot carry from this profile, one sentence each (empty when nothing).
    public static func losses(_ profile: ContactProfile) -> [String] {
        var losses: [String] = []
        let name = profile.name
        if !name.isEmpty {
            if !name.additional.isEmpty || !name.prefixes.isEmpty || !name.suffixes.isEmpty {
                losses.append(
                    "MeCard's N holds only family and given names; additional names, prefixes and suffixes are left out."
                )
            }
            if !profile.displayName.isEmpty && profile.displayName != carried(profile).displayName {
                losses.append("MeCard has no display name; readers show \"\(carried(profile).displayName)\".")
            }
        }
        if profile.phones.contains(where: { $0.kind != .voice }) {
            losses.append("MeCard's TEL has no kinds (cell, work…); the numbers are kept.")
        }
        let texts =
            [profile.displayName, profile.organization, profile.title, profile.note] + profile.urls
            + profile.emails + profile.phones.map(\.number) + profile.address.components
            + [name.family, name.given]
        if texts.contains(where: { $0.contains(where: \.isNewline) }) {
            losses.append("MeCard has no line breaks; each becomes a space.")
        }
        return losses
    }

    /// The profile as a MeCard reader sees it after ``encode(_:)``: what ``MeCardReader`` returns.
    public static func carried(_ profile: ContactProfile) -> ContactProfile {
        var result = ContactProfile()
        if !profile.name.isEmpty {
            let family = flatten(profile.name.family)
            let given = flatten(profile.name.given)
            result.name = PersonName(family: family, given: given)
            result.displayName = [given, family].filter { !$0.isEmpty }.joined(separator: " ")
        } else {
            result.displayName = flatten(profile.displayName)
        }
        result.organization = flatten(profile.organization)
        result.title = flatten(profile.title)
        result.phones = profile.phones.map { Phone(flatten($0.number), kind: .voice) }
        result.emails = profile.emails.map(flatten)
        result.urls = profile.urls.map(flatten)
        result.address = PostalAddress(components: profile.address.components.map(flatten))
        result.note = flatten(profile.note)
        return result
    }

    /// Line breaks (CRLF, CR, LF and the other Unicode line separators) become one space each.
    static func flatten(_ value: String) -> String {
        var out = ""
        for character in value {
            out.append(character.isNewline ? " " : character)
        }
        return out
    }

    static func text(_ value: String) -> String { escape(flatten(value), commas: false) }
    static func component(_ value: String) -> String { escape(flatten(value), commas: true) }

    static func escape(_ value: String, commas: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if scalar == "\\" || scalar == ":" || scalar == ";" || (commas && scalar == ",") {
                out.append("\\")
            }
            out.append(scalar)
        }
        return String(out)
    }
}
