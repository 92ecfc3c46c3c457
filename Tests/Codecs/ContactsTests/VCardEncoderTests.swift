import Contacts
import Testing

@Suite struct VCardEncoderTests {
    /// The full sample card, byte for byte: property order, TYPE parameters, escapes, CRLF after
    /// every line including the last.
    @Test func fullSampleCard() {
        let profile = ContactProfile(
            displayName: "Jane Q. Doe",
            name: PersonName(family: "Doe", given: "Jane", additional: "Quinn", prefixes: "Dr.", suffixes: "PhD"),
            organization: "Acme, Inc.", title: "Head of R&D; NFC",
            phones: [Phone("+1 555 010 9999", kind: .cell), Phone("+1 555 010 0000", kind: .work)],
            emails: ["jane@acme.example"], urls: ["https://acme.example/jane"],
            address: PostalAddress(
                street: "1 Main St\nSuite 5", locality: "Springfield", region: "IL", postalCode: "62701",
                country: "USA"),
            note: "Back\\slash")
        let expected =
            "BEGIN:VCARD\r\n"
            + "VERSION:3.0\r\n"
            + "N:Doe;Jane;Quinn;Dr.;PhD\r\n"
            + "FN:Jane Q. Doe\r\n"
            + "ORG:Acme\\, Inc.\r\n"
            + "TITLE:Head of R&D\\; NFC\r\n"
            + "TEL;TYPE=CELL:+1 555 010 9999\r\n"
            + "TEL;TYPE=WORK:+1 555 010 0000\r\n"
            + "EMAIL;TYPE=INTERNET:jane@acme.example\r\n"
            + "URL:https://acme.example/jane\r\n"
            + "ADR:;;1 Main St\\nSuite 5;Springfield;IL;62701;USA\r\n"
            + "NOTE:Back\\\\slash\r\n"
            + "END:VCARD\r\n"
        #expect(VCardEncoder.encodeString(profile) == expected)
        #expect(VCardEncoder.encode(profile) == Array(expected.utf8))
    }

    /// The minimal card of the shared reference (peers.md §3.2): 65 bytes.
    @Test func minimalCardMatchesTheReferenceVector() {
        let card = VCardEncoder.encode(ContactProfile(displayName: "Jane Doe"))
        #expect(card == Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nEND:VCARD\r\n".utf8))
        #expect(card.count == 65)
    }

    @Test func absentFieldsWriteNoLines() {
        let card = VCardEncoder.encodeString(ContactProfile(displayName: "A"))
        for name in ["ORG", "TITLE", "TEL", "EMAIL", "URL", "ADR", "NOTE"] {
            #expect(!card.contains("\r\n\(name)"))
        }
    }

    @Test func longTitleIsFoldedAndUnfoldsBack() {
        let title = String(repeating: "Chief Everything Officer, ", count: 8)
        let card = VCardEncoder.encode(ContactProfile(displayName: "A", title: title))
        let text = String(decoding: LineFolding.unfold(card), as: UTF8.self)
        #expect(text.contains("TITLE:" + VCardText.escape(title) + "\r\n"))
    }

    /// Every physical line of every generated card obeys RFC 2426's line rules.
    @Test func strictLineCheckOverGeneratedProfiles() {
        for profile in TrickyProfiles.generate(count: 400, seed: 11) {
            let problems = StrictLineCheck.problems(VCardEncoder.encode(profile))
            #expect(problems.isEmpty, "\(problems)")
        }
    }
}
