import Contacts
import NDEF
import TapCardSupport

/// The seeded corpus of realistic NDEF messages the benchmark decodes and encodes, and that
/// `scripts/bench-peers.sh` feeds to ndeflib: links with the common URI prefixes, texts in
/// several scripts, vCard contacts, smart posters, and multi-record messages (link + text +
/// Android application record), in roughly the proportions tags carry them.
enum BenchCorpus {
    static let defaultSeed: UInt64 = 0x7A9C_A2D0_2026

    static let lower = Array("abcdefghijklmnopqrstuvwxyz")
    static let alphanumeric = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    static let hosts = ["example.com", "tapcard.dev", "shop.example.org", "museum.example", "qr.example.net"]
    static let prefixes = ["https://", "https://www.", "http://", "http://www.", "tel:+", "mailto:"]
    static let texts = [
        ("en", "Tap to open the menu"), ("de", "Öffnungszeiten: Mo–Fr 9–18 Uhr"), ("fr", "Bienvenue à bord"),
        ("ja", "ようこそ、東京へ"), ("es", "¡Hola! Escanéame"), ("en", "Wi-Fi: guest / password on the fridge 🙂"),
    ]
    static let givenNames = ["Jane", "Jürgen", "Ana", "Søren", "Mei", "Olusegun", "Chloé", "Ahmed"]
    static let familyNames = ["Doe", "Müller", "García", "Ødegaard", "Wang", "Adeyemi", "Lefèvre", "Haddad"]

    /// `count` messages, the same for the same seed.
    static func messages(count: Int, seed: UInt64 = defaultSeed) -> [NDEFMessage] {
        var random = BenchRandom(seed: seed)
        return (0..<count).map { _ in message(&random) }
    }

    static func message(_ random: inout BenchRandom) -> NDEFMessage {
        switch random.below(10) {
        case 0...3: NDEFMessage(records: [.uri(uri(&random))])
        case 4...5: NDEFMessage(records: [text(&random)])
        case 6: NDEFMessage(records: [.mime(type: "text/vcard", payload: VCardEncoder.encode(profile(&random)))])
        case 7...8:
            NDEFMessage(records: [
                .smartPoster(uri: uri(&random), titles: ["en": "Example \(random.below(1000))", "de": "Beispiel"])
            ])
        default:
            NDEFMessage(records: [
                .uri(uri(&random)), text(&random),
                .androidApplication(package: "com.\(random.word(6, from: lower)).app"),
            ])
        }
    }

    static func uri(_ random: inout BenchRandom) -> String {
        let prefix = random.pick(prefixes)
        switch prefix {
        case "tel:+": return prefix + String(random.next() % 1_000_000_000_000)
        case "mailto:": return prefix + random.word(6, from: lower) + "@" + random.pick(hosts)
        default:
            var path = ""
            for _ in 0..<random.below(4) { path += "/" + random.word(3 + random.below(8), from: alphanumeric) }
            if random.below(3) == 0 { path += "?id=\(random.next() % 100_000)" }
            return prefix + random.pick(hosts) + path
        }
    }

    static func text(_ random: inout BenchRandom) -> NDEFRecord {
        let (language, text) = random.pick(texts)
        return .text(text + " #\(random.below(100))", language: language)
    }

    static func profile(_ random: inout BenchRandom) -> ContactProfile {
        let given = random.pick(givenNames)
        let family = random.pick(familyNames)
        var profile = ContactProfile(
            displayName: "\(given) \(family)", organization: random.below(2) == 0 ? "Example GmbH" : "",
            title: random.below(2) == 0 ? "Engineer" : "", phones: [Phone("+49 30 \(100_000 + random.below(899_999))")],
            emails: ["\(given.lowercased().prefix(3))\(random.below(100))@example.com"])
        if random.below(3) == 0 {
            profile.urls = ["https://" + random.pick(hosts) + "/~" + random.word(5, from: lower)]
        }
        if random.below(4) == 0 { profile.note = "Met at the NFC meetup; likes tags." }
        return profile
    }
}
