import Contacts
import TestSupport

/// Profiles built to hurt a vCard writer: separators, escapes, line breaks, emoji with modifiers
/// and joiners, CJK, right-to-left scripts, combining marks, long titles, leading and trailing
/// spaces, and long runs that force folds at awkward places.
enum TrickyProfiles {
    static let fragments: [String] = [
        "a", "Jane", "Doe", " ", "  ", ";", ",", "\\", "\\n", "\n", ":", "=", "\"", "'", "é", "e\u{301}", "ß",
        "😀", "👍🏽", "👨‍👩‍👧‍👦", "🇭🇺", "中文", "王小明", "東京都", "한국어", "עברית", "مرحبا", "\u{200F}", "Ω", "€",
        "\t", "x=", "Ü", "García Márquez", "Nagy János", "https://example.com/a,b;c", "+1 (555) 010-9999",
        "O'Brien", "\\;", "\\,", ";;", ",,", "\u{00A0}", "\u{3000}", "…", "→",
    ]

    static func text(_ rng: inout SplitMix64, maxParts: Int = 6) -> String {
        let count = Int(rng.next() % UInt64(maxParts + 1))
        var out = ""
        for _ in 0..<count { out += fragments[Int(rng.next() % UInt64(fragments.count))] }
        return out
    }

    /// A non-empty text: names must be present.
    static func nonEmpty(_ rng: inout SplitMix64) -> String {
        let value = text(&rng)
        return value.isEmpty ? "Ada" : value
    }

    static func long(_ rng: inout SplitMix64, characters: Int) -> String {
        var out = ""
        while out.count < characters { out += fragments[Int(rng.next() % UInt64(fragments.count))] }
        return out
    }

    static func profile(_ rng: inout SplitMix64) -> ContactProfile {
        var profile = ContactProfile(displayName: nonEmpty(&rng))
        if rng.next() % 2 == 0 {
            profile.name = PersonName(
                family: text(&rng), given: text(&rng), additional: text(&rng, maxParts: 2),
                prefixes: text(&rng, maxParts: 1), suffixes: text(&rng, maxParts: 1))
        }
        if rng.next() % 4 != 0 { profile.organization = text(&rng) }
        switch rng.next() % 4 {
        case 0: profile.title = long(&rng, characters: 200)
        case 1: profile.title = text(&rng)
        default: break
        }
        for _ in 0..<Int(rng.next() % 3) {
            profile.phones.append(Phone(text(&rng), kind: PhoneKind.allCases[Int(rng.next() % 6)]))
        }
        for _ in 0..<Int(rng.next() % 3) { profile.emails.append(text(&rng)) }
        for _ in 0..<Int(rng.next() % 3) { profile.urls.append(text(&rng)) }
        if rng.next() % 2 == 0 {
            profile.address = PostalAddress(components: (0..<7).map { _ in text(&rng, maxParts: 3) })
        }
        if rng.next() % 2 == 0 { profile.note = rng.next() % 3 == 0 ? long(&rng, characters: 300) : text(&rng) }
        return profile
    }

    static func generate(count: Int, seed: UInt64) -> [ContactProfile] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in profile(&rng) }
    }
}
