import Contacts
import TestSupport
import Testing

@Suite struct MeCardTests {
    @Test func knownAnswerWithEveryEscape() {
        let profile = ContactProfile(
            displayName: "Jane Doe", name: PersonName(family: "Doe, Jr", given: "Jane"), organization: "A;B",
            title: "CEO", phones: [Phone("+1 555", kind: .cell)], emails: ["j@x.example"],
            urls: ["https://x.example/a,b"],
            address: PostalAddress(street: "1 Main St, Apt 2", locality: "Town", country: "USA"),
            note: "back\\slash: colon\nnew line")
        #expect(
            MeCardEncoder.encode(profile)
                == "MECARD:N:Doe\\, Jr,Jane;ORG:A\\;B;TITLE:CEO;TEL:+1 555;EMAIL:j@x.example;"
                + "URL:https\\://x.example/a,b;ADR:,,1 Main St\\, Apt 2,Town,,,USA;"
                + "NOTE:back\\\\slash\\: colon new line;;")
        #expect(MeCardEncoder.losses(profile).count == 3)  // display name differs, phone kind, line break
    }

    @Test func displayNameWithoutPartsIsWrittenAsTyped() {
        let profile = ContactProfile(displayName: "Nagy János, dr.")
        #expect(MeCardEncoder.encode(profile) == "MECARD:N:Nagy János\\, dr.;;")
        #expect(MeCardEncoder.losses(profile).isEmpty)
    }

    @Test func readsTheWikipediaExampleAndUnknownFields() throws {
        let reading = try MeCardReader.read(
            "MECARD:N:Doe,John;TEL:13035551212;EMAIL:john.doe@example.com;BDAY:19700310;NICKNAME:Johnny;;")
        #expect(reading.profile.name == PersonName(family: "Doe", given: "John"))
        #expect(reading.profile.displayName == "John Doe")
        #expect(reading.profile.phones == [Phone("13035551212")])
        #expect(reading.profile.emails == ["john.doe@example.com"])
        #expect(reading.unmapped.map(\.name) == ["BDAY", "NICKNAME"])
    }

    @Test func notAMeCard() {
        #expect(throws: ContactsError.notAMeCard(prefix: "BEGIN:VCARD")) { try MeCardReader.read("BEGIN:VCARD") }
    }

    @Test func arbitraryTextNeverTraps() {
        var rng = SplitMix64(seed: 9)
        for _ in 0..<2000 {
            _ = try? MeCardReader.read("MECARD:" + TrickyProfiles.text(&rng, maxParts: 12))
        }
    }
}
