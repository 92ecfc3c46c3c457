/// Reads a MeCard (see ``MeCardEncoder``) tolerantly: any `\X` is unescaped to `X`, keys are
/// case-insensitive, a missing final `;;` is accepted. Fields without a profile field (SOUND,
/// BDAY, NICKNAME, TEL-AV, anything unknown) and repeats of single fields are returned in
/// ``MeCardReading/unmapped``.
public enum MeCardReader {
    public static func read(_ text: String) throws(ContactsError) -> MeCardReading {
        var body = Substring(text)
        while let first = body.first, first.isWhitespace { body = body.dropFirst() }
        guard body.uppercased().hasPrefix("MECARD:") else {
            throw ContactsError.notAMeCard(prefix: String(body.prefix(16)))
        }
        body = body.dropFirst("MECARD:".count)
        var profile = ContactProfile()
        var unmapped: [UnmappedProperty] = []
        var seen: Set<String> = []
        var number = 0
        for field in VCardText.split(body, separator: ";") {
            number += 1
            if field.isEmpty { break }
            let keyEnd = VCardText.split(field, separator: ":").first ?? field
            let key = keyEnd.trimmingCharacters.uppercased()
            let rawValue = field.dropFirst(keyEnd.count + (keyEnd.count < field.count ? 1 : 0))
            let single: Set<String> = ["N", "ORG", "TITLE", "ADR", "NOTE"]
            if single.contains(key), !seen.insert(key).inserted {
                unmapped.append(
                    UnmappedProperty(
                        group: nil, name: key, parameters: [], value: unescape(rawValue),
                        reason: "The profile keeps one \(key); this is another.", line: number))
                continue
            }
            switch key {
            case "N":
                let parts = VCardText.split(rawValue, separator: ",").map(unescape)
                if parts.count >= 2 {
                    profile.name = PersonName(family: parts[0], given: parts[1])
                    profile.displayName = [parts[1], parts[0]].filter { !$0.isEmpty }.joined(separator: " ")
                    if parts.count > 2 {
                        unmapped.append(
                            UnmappedProperty(
                                group: nil, name: "N", parameters: [], value: parts[2...].joined(separator: ","),
                                reason: "MeCard's N has two components; these came after them.", line: number))
                    }
                } else {
                    profile.displayName = unescape(rawValue)
                }
            case "ORG": profile.organization = unescape(rawValue)
            case "TITLE": profile.title = unescape(rawValue)
            case "NOTE": profile.note = unescape(rawValue)
            case "TEL": profile.phones.append(Phone(unescape(rawValue)))
            case "EMAIL": profile.emails.append(unescape(rawValue))
            case "URL": profile.urls.append(unescape(rawValue))
            case "ADR":
                profile.address = PostalAddress(
                    components: VCardText.split(rawValue, separator: ",").map(unescape))
            default:
                unmapped.append(
                    UnmappedProperty(
                        group: nil, name: key, parameters: [], value: unescape(rawValue),
                        reason: "The profile has no field for \(key).", line: number))
            }
        }
        return MeCardReading(profile: profile, unmapped: unmapped)
    }

    /// `\X` → `X` for any X; a trailing lone backslash is kept.
    static func unescape(_ value: Substring) -> String {
        var out = String.UnicodeScalarView()
        var escaped = false
        for scalar in value.unicodeScalars {
            if escaped {
                out.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                out.append(scalar)
            }
        }
        if escaped { out.append("\\") }
        return String(out)
    }
}

/// What ``MeCardReader`` made of a MeCard.
public struct MeCardReading: Sendable, Equatable {
    public var profile: ContactProfile
    /// Fields the profile has no place for; `line` is the field's 1-based position.
    public var unmapped: [UnmappedProperty]
}

extension Substring {
    var trimmingCharacters: String { String(self).trimmingSpaces }
}
