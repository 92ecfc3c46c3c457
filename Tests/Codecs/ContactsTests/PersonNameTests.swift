import Contacts
import Testing

/// The N guess and its limits: FN always keeps the name as typed.
@Suite struct PersonNameTests {
    @Test(arguments: [
        // Western given-family: the guess is right.
        ("Jane Doe", PersonName(family: "Doe", given: "Jane")),
        ("Mary Ann Smith", PersonName(family: "Smith", given: "Mary Ann")),
        // Spanish double surname: the guess takes only the last surname.
        ("Gabriel García Márquez", PersonName(family: "Márquez", given: "Gabriel García")),
        // Hungarian family-first order: the guess gets it backwards.
        ("Nagy János", PersonName(family: "János", given: "Nagy")),
        // Chinese without spaces and a single name: one token, the family name.
        ("王小明", PersonName(family: "王小明")),
        ("Madonna", PersonName(family: "Madonna")),
        // Extra whitespace is not part of any name part.
        ("  Jane \t Doe ", PersonName(family: "Doe", given: "Jane")),
        ("", PersonName()),
    ])
    func guess(displayName: String, expected: PersonName) {
        #expect(PersonName.guessed(from: displayName) == expected)
    }

    @Test(arguments: ["王小明", "Nagy János", "Gabriel García Márquez", "Madonna", "  spaced  name "])
    func formattedNameIsExactlyAsTyped(name: String) {
        let card = VCardEncoder.encodeString(ContactProfile(displayName: name))
        #expect(card.contains("\r\nFN:\(name)\r\n"))
    }

    @Test func explicitPartsReplaceTheGuess() {
        let profile = ContactProfile(displayName: "Nagy János", name: PersonName(family: "Nagy", given: "János"))
        let card = VCardEncoder.encodeString(profile)
        #expect(card.contains("\r\nN:Nagy;János;;;\r\nFN:Nagy János\r\n"))
    }

    @Test func givenAloneIsNotCompletedByAGuess() {
        let profile = ContactProfile(displayName: "Jane Doe", name: PersonName(given: "Jane"))
        #expect(VCardEncoder.encodeString(profile).contains("\r\nN:;Jane;;;\r\n"))
    }

    @Test func formattedNameFromPartsWhenNoDisplayName() {
        let profile = ContactProfile(name: PersonName(family: "Doe", given: "Jane", prefixes: "Dr."))
        #expect(VCardEncoder.encodeString(profile).contains("\r\nFN:Dr. Jane Doe\r\n"))
    }
}
