import Contacts
import TestSupport

/// Realistic-to-heavy profiles for advisor tests.
enum CardProfiles {
    static let words = ["Jane", "Doe", "Acme", "Research", "García", "王", "😀", "Street", "Nagy", "a;b", "x,y", "Ü"]

    static func words(_ rng: inout SplitMix64, _ max: Int) -> String {
        (0..<Int(1 + rng.next() % UInt64(max))).map { _ in words[Int(rng.next() % UInt64(words.count))] }
            .joined(separator: " ")
    }

    static func random(_ rng: inout SplitMix64) -> ContactProfile {
        var profile = ContactProfile(displayName: words(&rng, 3))
        if rng.next() % 3 != 0 { profile.organization = words(&rng, 4) }
        if rng.next() % 3 != 0 { profile.title = words(&rng, 6) }
        for _ in 0..<Int(rng.next() % 3) {
            profile.phones.append(Phone("+1 555 \(rng.next() % 10_000_000)", kind: .allCases[Int(rng.next() % 6)]))
        }
        for _ in 0..<Int(rng.next() % 3) { profile.emails.append("user\(rng.next() % 1000)@example.com") }
        for _ in 0..<Int(rng.next() % 3) { profile.urls.append("https://example.com/\(words(&rng, 2))") }
        if rng.next() % 2 == 0 { profile.address = PostalAddress(street: words(&rng, 3), locality: words(&rng, 1)) }
        if rng.next() % 2 == 0 { profile.note = words(&rng, 12) }
        return profile
    }

    /// The realistic card: name, title, company, phone, email, one link.
    static let jane = ContactProfile(
        displayName: "Jane Doe", organization: "Acme Corporation", title: "Head of Research",
        phones: [Phone("+1 555 010 9999", kind: .cell)], emails: ["jane.doe@acme.example"],
        urls: ["https://acme.example/jane"])
}
