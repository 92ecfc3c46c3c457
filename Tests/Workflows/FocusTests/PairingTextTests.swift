import Focus
import Foundation
import Testing

@Suite("Pairing words and durations")
struct PairingTextTests {
    @Test(
        "Where a tag is, in words",
        arguments: [
            ("kitchen drawer", nil, "the one in the kitchen drawer"),
            ("the hall cupboard", nil, "the one in the hall cupboard"),
            ("on the fridge", nil, "the one on the fridge"),
            ("at the office", "Office", "the one labelled 'Office' at the office"),
            ("  ", "Desk", "the one labelled 'Desk'"),
        ] as [(String, String?, String)])
    func whereabouts(location: String, label: String?, expected: String) {
        let tag = PairedTag(identity: Fixture.kitchen, label: label, location: location, pairedAt: Fixture.t0)
        #expect(tag.whereabouts == expected)
    }

    @Test("Without label or location the refusal names chip and UID")
    func anonymousTag() {
        let tag = PairedTag(identity: Fixture.kitchen, pairedAt: Fixture.t0)
        #expect(tag.whereabouts == "the ntag213 with UID 04:A1:B2:C3:D4:E5:80")
    }

    @Test("The pairing notice says a UID can be cloned and reports the signature result")
    func honesty() {
        let tag = PairedTag(identity: Fixture.kitchen, pairedAt: Fixture.t0, signature: .invalid)
        let text = PairingNotice.text(for: tag)
        #expect(text.contains("cheap NFC reader can read that UID"))
        #expect(text.contains("clone"))
        #expect(text.hasSuffix(SignatureCheck.invalid.sentence))
    }

    @Test(
        "Durations parse and print",
        arguments: [
            ("25m", 1_500.0), ("90s", 90.0), ("1h30m", 5_400.0), ("2d", 172_800.0), ("45", 2_700.0),
        ])
    func durations(text: String, seconds: Double) {
        #expect(DurationText.parse(text) == seconds)
    }

    @Test("Malformed durations are rejected", arguments: ["", "m", "5x", "1h30", "-5", "99999999999h"])
    func badDurations(text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test("Durations and timestamps in words")
    func words() {
        #expect(DurationText.describe(750) == "12 min 30 s")
        #expect(DurationText.describe(28 * 86_400) == "28 days")
        #expect(DurationText.describe(0.2) == "1 s")
        #expect(DurationText.describe(0.7, rounding: .down) == "0 s")
        #expect(DurationText.describe(3_660) == "1 h 1 min")
        #expect(DurationText.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01 00:00:00 UTC")
        #expect(DurationText.timestamp(Fixture.t0) == "2027-01-15 08:00:00 UTC")
    }
}
