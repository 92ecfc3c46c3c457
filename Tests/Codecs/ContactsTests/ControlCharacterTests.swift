import Contacts
import Testing

@Suite struct ControlCharacterTests {
    @Test func findsTheFirstInVCardOrderWithItsPosition() {
        var profile = ContactProfile(displayName: "Ada Lovelace", note: "bell\u{07}")
        profile.address = PostalAddress(components: ["", "", "1 Main St\u{1B}", "London"])
        // The address comes before the note in vCard order.
        #expect(
            ControlCharacter.first(in: profile)
                == ControlCharacter(field: "address", codePoint: 0x1B, offset: 9))
        profile.address = PostalAddress()
        #expect(ControlCharacter.first(in: profile) == ControlCharacter(field: "note", codePoint: 0x07, offset: 4))
        profile.name.family = "Love\u{9F}lace"
        #expect(ControlCharacter.first(in: profile) == ControlCharacter(field: "name", codePoint: 0x9F, offset: 4))
    }

    @Test func lineBreaksTabsAndOrdinaryTextAreAllowed() {
        let profile = ContactProfile(
            displayName: "Zoë\tTab", organization: "Ünïcödé 株式会社", emails: ["a@b.example"],
            note: "one\ntwo\r\nthree \u{A0}\u{2028}")
        #expect(ControlCharacter.first(in: profile) == nil)
    }

    @Test func everyC0C1AndDELIsRefusedExceptTabAndLineBreaks() {
        let allowed: Set<UInt32> = [0x09, 0x0A, 0x0D]
        for value in Array(0x00...0x1F) + Array(0x7F...0x9F) {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            let found = ControlCharacter.first(in: ContactProfile(displayName: "A" + String(scalar)))
            #expect((found == nil) == allowed.contains(UInt32(value)), "U+\(String(value, radix: 16))")
        }
    }
}
