/// A tolerant vCard reader for cards found on tags written by other apps: vCard 2.1, 3.0 and
/// 4.0, folded lines, backslash escapes, 2.1 quoted-printable with soft line breaks and CHARSET,
/// parameters with or without names, grouped properties (`item1.TEL`).
///
/// It reads the first card. What fits a ``ContactProfile`` goes there; everything else (other
/// properties, second FNs, organisational units, lines outside the card) is returned in
/// ``VCardReading/unmapped`` and details that were simplified in ``VCardReading/warnings``.
/// It never traps and never allocates beyond the input's size.
public enum VCardReader {
    public static func read(_ text: String) throws(ContactsError) -> VCardReading {
        try read(Array(text.utf8))
    }

    public static func read(_ bytes: [UInt8]) throws(ContactsError) -> VCardReading {
        var input = bytes[...]
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { input = input.dropFirst(3) }
        let lines = logicalLines(Array(input))
        guard let begin = lines.firstIndex(where: { isBegin($0) }) else {
            throw ContactsError.notAVCard(lines: lines.count)
        }
        var state = State()
        for (index, bytes) in lines.enumerated() {
            let number = index + 1
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard let line = ContentLine.parse(bytes) else {
                let text = TextDecoding.decode(bytes, charset: nil).text
                state.unmapped.append(
                    UnmappedProperty(
                        group: nil, name: text, parameters: [], value: "",
                        reason: "It is not a content line (no colon).", line: number))
                continue
            }
            if index < begin || state.ended {
                state.unmap(line, reason: "It is outside the first BEGIN:VCARD … END:VCARD.", line: number)
                continue
            }
            if index == begin { continue }
            state.take(line, number: number)
        }
        return VCardReading(
            profile: state.profile, version: state.version, unmapped: state.unmapped, warnings: state.warnings)
    }

    static func isBegin(_ bytes: [UInt8]) -> Bool {
        guard let line = ContentLine.parse(bytes), line.name == "BEGIN" else { return false }
        return TextDecoding.decode(line.rawValue, charset: nil).text.trimmingSpaces.uppercased() == "VCARD"
    }

    /// Splits on CRLF, LF or CR, joins folded continuations (a line starting with a space or tab
    /// continues the previous one, minus that one character) and quoted-printable soft breaks (a
    /// QP line ending in `=` continues on the next line).
    static func logicalLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var physical: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D || byte == 0x0A {
                physical.append(current)
                current = []
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else {
                current.append(byte)
            }
            index += 1
        }
        if !current.isEmpty { physical.append(current) }

        var logical: [[UInt8]] = []
        var softBreakPending = false
        // Whether the current logical line is quoted-printable, decided once from its first
        // physical line (where its parameters are), so joining many lines stays linear.
        var currentIsQuotedPrintable = false
        for line in physical {
            if softBreakPending, !logical.isEmpty {
                logical[logical.count - 1].removeLast()  // the "=" of the soft break
                logical[logical.count - 1].append(contentsOf: line)
            } else if let first = line.first, first == 0x20 || first == 0x09, !logical.isEmpty {
                logical[logical.count - 1].append(contentsOf: line.dropFirst())
            } else {
                logical.append(line)
                currentIsQuotedPrintable = isQuotedPrintable(line)
            }
            softBreakPending = currentIsQuotedPrintable && logical.last?.last == UInt8(ascii: "=")
        }
        return logical
    }

    static func isQuotedPrintable(_ bytes: [UInt8]) -> Bool {
        guard let line = ContentLine.parse(bytes) else { return false }
        return line.encoding == "QUOTED-PRINTABLE"
    }

    /// The reader's progress through one card.
    struct State {
        var profile = ContactProfile()
        var version: String? = nil
        var unmapped: [UnmappedProperty] = []
        var warnings: [String] = []
        var ended = false
        var seen: Set<String> = []

        /// How many cards deep inside the first card we are (vCard 2.1 AGENT embeds whole cards).
        var nestedDepth = 0

        mutating func take(_ line: ContentLine, number: Int) {
            if nestedDepth > 0 || line.name == "BEGIN" {
                if line.name == "BEGIN" { nestedDepth += 1 }
                if line.name == "END" { nestedDepth -= 1 }
                unmap(line, reason: "It belongs to a card nested inside the card, which is not read.", line: number)
                return
            }
            let (value, note) = decodedValue(line)
            if let note { warnings.append("Line \(number) (\(line.name)): \(note)") }
            switch line.name {
            case "END":
                ended = true
            case "VERSION":
                version = value.trimmingSpaces
            case "FN":
                guard first("FN", line, number) else { return }
                profile.displayName = VCardText.unescape(Substring(value))
            case "N":
                guard first("N", line, number) else { return }
                let parts = VCardText.split(Substring(value), separator: ";").map(VCardText.unescape)
                profile.name = PersonName(
                    family: part(parts, 0), given: part(parts, 1), additional: part(parts, 2),
                    prefixes: part(parts, 3), suffixes: part(parts, 4))
                if parts.count > 5 {
                    warnings.append(
                        "Line \(number) (N): components after the fifth were not kept: \(parts[5...].joined(separator: ";"))."
                    )
                }
            case "ORG":
                guard first("ORG", line, number) else { return }
                let parts = VCardText.split(Substring(value), separator: ";").map(VCardText.unescape)
                profile.organization = part(parts, 0)
                let units = parts.dropFirst().filter { !$0.isEmpty }
                if !units.isEmpty {
                    unmapped.append(
                        UnmappedProperty(
                            group: line.group, name: "ORG", parameters: line.parameters,
                            value: units.joined(separator: ";"),
                            reason:
                                "Organisational units have no place in the profile; the organisation name was kept.",
                            line: number))
                }
            case "TITLE":
                guard first("TITLE", line, number) else { return }
                profile.title = VCardText.unescape(Substring(value))
            case "NOTE":
                guard first("NOTE", line, number) else { return }
                profile.note = VCardText.unescape(Substring(value))
            case "TEL":
                var phoneNumber = VCardText.unescape(Substring(value))
                // vCard 4's `tel:` URI form, however often it is repeated: stripping one left
                // "tel:…", which the encoder wrote back and the next read stripped again (the fuzz
                // target's read → encode → read check caught it).
                while phoneNumber.lowercased().hasPrefix("tel:") { phoneNumber = String(phoneNumber.dropFirst(4)) }
                let (kind, dropped) = Self.phoneKind(line.values(of: "TYPE"))
                if !dropped.isEmpty {
                    warnings.append(
                        "Line \(number) (TEL \(phoneNumber)): kept as \(kind.rawValue); type "
                            + "\(dropped.joined(separator: ", ")) not kept.")
                }
                profile.phones.append(Phone(phoneNumber, kind: kind))
            case "EMAIL":
                profile.emails.append(VCardText.unescape(Substring(value)))
                let types = line.values(of: "TYPE").filter { !["INTERNET", "PREF"].contains($0.uppercased()) }
                if !types.isEmpty {
                    warnings.append("Line \(number) (EMAIL): type \(types.joined(separator: ", ")) not kept.")
                }
            case "URL":
                profile.urls.append(VCardText.unescape(Substring(value)))
            case "ADR":
                guard first("ADR", line, number) else { return }
                let parts = VCardText.split(Substring(value), separator: ";").map(VCardText.unescape)
                profile.address = PostalAddress(components: parts)
                let types = line.values(of: "TYPE").filter { $0.uppercased() != "PREF" }
                if !types.isEmpty {
                    warnings.append("Line \(number) (ADR): type \(types.joined(separator: ", ")) not kept.")
                }
            default:
                unmap(line, reason: "The profile has no field for \(line.name).", line: number)
            }
        }

        /// True the first time `name` is seen; later ones go to `unmapped`.
        mutating func first(_ name: String, _ line: ContentLine, _ number: Int) -> Bool {
            if seen.insert(name).inserted { return true }
            unmap(line, reason: "The profile keeps one \(name); this is another.", line: number)
            return false
        }

        mutating func unmap(_ line: ContentLine, reason: String, line number: Int) {
            let (value, _) = decodedValue(line)
            unmapped.append(
                UnmappedProperty(
                    group: line.group, name: line.name, parameters: line.parameters,
                    value: VCardText.unescape(Substring(value)), reason: reason, line: number))
        }

        func part(_ parts: [String], _ index: Int) -> String {
            parts.indices.contains(index) ? parts[index] : ""
        }

        /// The properties whose values become profile text.
        static let textProperties: Set<String> = ["FN", "N", "ORG", "TITLE", "TEL", "EMAIL", "URL", "ADR", "NOTE"]

        /// The value as text, still backslash-escaped: quoted-printable and charset undone.
        func decodedValue(_ line: ContentLine) -> (String, String?) {
            switch line.encoding {
            case "QUOTED-PRINTABLE":
                return TextDecoding.decode(QuotedPrintable.decode(line.rawValue), charset: line.charset)
            case "B", "BASE64":
                // On a property the profile keeps (some phones export a non-ASCII FN or N this
                // way), the base64 holds the text's bytes. On anything else it is binary (a PHOTO),
                // only ever reported as unmapped, so the base64 text itself is kept.
                let raw = TextDecoding.decode(line.rawValue, charset: "US-ASCII").text
                guard Self.textProperties.contains(line.name) else { return (raw, nil) }
                guard let bytes = Base64.decode(line.rawValue) else {
                    return (raw, "The value is marked base64 but is not valid base64; it was kept as written.")
                }
                let (text, note) = TextDecoding.decode(bytes, charset: line.charset)
                return (text, note)
            default:
                return TextDecoding.decode(line.rawValue, charset: line.charset)
            }
        }

        /// The one kind a phone keeps, and the other types it had (PREF and VOICE dropped quietly:
        /// PREF is an ordering hint and VOICE the default).
        static func phoneKind(_ types: [String]) -> (PhoneKind, [String]) {
            let upper = types.flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces.uppercased() } }
            let priority: [PhoneKind] = [.cell, .fax, .pager, .work, .home]
            let kind =
                priority.first { kind in
                    upper.contains(kind.vCardType) || (kind == .cell && upper.contains("MOBILE"))
                } ?? .voice
            let dropped = upper.filter { type in
                type != "PREF" && type != "VOICE" && type != kind.vCardType && !(kind == .cell && type == "MOBILE")
            }
            return (kind, dropped)
        }
    }
}
