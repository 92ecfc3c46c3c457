import Cards
import Contacts
import NDEF
import TagCatalog
import Testing

@testable import ViewModels

@MainActor
@Suite struct MyCardViewModelTests {
    static let ada = ContactProfile(
        displayName: "Ada Lovelace", phones: [Phone("+44 20 7946 0000")], emails: ["ada@example.com"],
        urls: ["https://ada.example"])

    @Test func liveByteCountsForEveryFormat() throws {
        let model = MyCardViewModel(profile: Self.ada, format: .url)
        let sizes = Dictionary(uniqueKeysWithValues: model.sizes.map { ($0.format, $0) })
        // URI record: D1 01 0C 55 | 04 "ada.example" — 4 header bytes + 12 payload bytes.
        #expect(sizes[.url]?.bytes == 16)
        // MIME record: header, type length, payload length (short), "text/vcard", the vCard.
        let vcard = VCardEncoder.encode(Self.ada)
        #expect(vcard.count < 256)
        #expect(sizes[.vcard]?.bytes == 3 + 10 + vcard.count)
        // Text record: header, type length, payload length, "T", status byte, "en", the MeCard.
        let mecard = Array(MeCardEncoder.encode(Self.ada).utf8)
        #expect(sizes[.mecard]?.bytes == 4 + 1 + 2 + mecard.count)
        #expect(model.message?.encoded().count == 16)
    }

    @Test func assumingUntilATagReportsThenReports() {
        let model = MyCardViewModel(profile: Self.ada, format: .mecard)
        #expect(model.capacity == TagModel.ntag213.assumedCapacity)
        #expect(model.capacityText.hasPrefix("Assuming an NTAG213: 137 bytes."))
        #expect(model.verdict.contains("assuming an NTAG213"))
        #expect(!model.verdict.contains("reports"))
        model.tagReported(capacity: 492, model: .ntag215)
        #expect(model.capacity == .reported(492, model: .ntag215))
        #expect(model.capacityText == "This tag reports 492 bytes.")
        #expect(model.verdict.contains("of 492 bytes this tag reports"))
        #expect(!model.verdict.contains("assuming"))
        model.forgetReportedTag()
        #expect(model.verdict.contains("assuming"))
        model.assumedModel = .ntag216
        #expect(model.capacityText.hasPrefix("Assuming an NTAG216: 868 bytes."))
    }

    @Test func aCardThatDoesNotFitGetsTheAdvisorsSuggestion() {
        var big = Self.ada
        big.note = String(repeating: "Analytical engine notes. ", count: 6)
        big.address = PostalAddress(street: "12 St James's Square", locality: "London", postalCode: "SW1Y 4JH")
        let model = MyCardViewModel(profile: big, format: .vcard)
        #expect(!model.fits)
        #expect(model.verdict.hasPrefix("Too big for this tag"))
        #expect(model.verdict.contains("assuming an NTAG213's 137"))
        let suggestion = model.suggestion ?? ""
        #expect(suggestion.contains("drop"))
        // Following the advice makes it fit, by the advisor's own measure.
        if case .success(let advice) = model.advice, let drop = advice.dropToFit {
            #expect(drop.result.fits)
        } else {
            Issue.record("no drop-to-fit suggestion for \(model.verdict)")
        }
    }

    @Test func aCardWithoutANameOrLinkSaysWhatIsMissing() {
        let model = MyCardViewModel(profile: ContactProfile(), format: .url)
        #expect(model.message == nil)
        #expect(model.verdict == CardError.noLink.sentence)
        #expect(model.sizes.allSatisfy { $0.bytes == nil })
        #expect(!model.fits)
        model.link = "https://example.com/ada"
        #expect(model.message != nil)
        #expect(model.fits)
    }

    @Test func oneFieldEditorsEditTheFirstEntryAndEmptyRemovesIt() {
        let model = MyCardViewModel(profile: Self.ada)
        #expect(model.primaryPhone == "+44 20 7946 0000")
        model.primaryPhone = "+44 1"
        #expect(model.profile.phones == [Phone("+44 1")])
        model.primaryEmail = ""
        #expect(model.profile.emails.isEmpty)
        model.primaryEmail = "a@b.c"
        #expect(model.profile.emails == ["a@b.c"])
        model.primaryURL = ""
        #expect(model.profile.urls.isEmpty)
        model.format = .url
        #expect(model.message == nil)
    }
}
