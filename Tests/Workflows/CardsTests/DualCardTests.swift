import Cards
import Contacts
import NDEF
import TagCatalog
import TestSupport
import Testing

/// The dual card: one message, the vCard MIME record first and the URI record second.
@Suite struct DualCardTests {
    /// Record order, checked on the bytes: the first record carries MB, the second ME, and the
    /// types are `text/vcard` (TNF 2, media type) then `U` (TNF 1, well-known).
    @Test func theVCardComesFirstAndTheLinkSecond() throws {
        let profile = CardProfiles.jane
        let bytes = try CardEncoding.message(for: profile, as: .dual).encoded()
        let message = try NDEFMessage.decode(bytes)
        #expect(message.records.count == 2)
        #expect(message.records[0].view == .mime(MIMERecord(type: "text/vcard", payload: VCardEncoder.encode(profile))))
        #expect(message.records[1].view == .uri(URIRecord(uri: "https://acme.example/jane")))
        // Header of record 1: MB=1, ME=0, SR=1 (229 - 13 = 216 payload bytes ≤ 255), TNF 2 → 0x92.
        #expect(bytes[0] == 0x92)
        // Record 2 starts right after record 1 (3 header bytes, the 10-byte type, 216 bytes of
        // payload): MB=0, ME=1, SR=1, TNF 1 → 0x51, type length 1, payload length 18, type "U",
        // prefix 0x04 ("https://").
        #expect(Array(bytes[229..<234]) == [0x51, 0x01, 0x12, 0x55, 0x04])
        #expect(bytes.count == 229 + 22)
    }

    @Test func anExplicitLinkWinsOverTheProfilesURL() throws {
        let records = try CardEncoding.records(for: CardProfiles.jane, as: .dual, link: "https://j.example")
        #expect(records.map(\.view).last == .uri(URIRecord(uri: "https://j.example")))
    }

    @Test func withoutALinkThereIsNoDualCard() {
        let profile = ContactProfile(displayName: "Ada")
        #expect(throws: CardError.noLink) { try CardEncoding.message(for: profile, as: .dual) }
        // The link is asked for before the name: both are missing, the format is the question.
        #expect(throws: CardError.noLink) { try CardEncoding.message(for: ContactProfile(), as: .dual) }
        #expect(throws: CardError.noName) {
            try CardEncoding.message(for: ContactProfile(), as: .dual, link: "https://a.example")
        }
    }

    /// The wording: on the realistic card, dual fits an NTAG215, not an NTAG213, and the
    /// advice says what to write on the NTAG213 and which phone reads which record.
    @Test func theAdvisorNamesTheTagsAndThePhones() throws {
        let advice = try FitAdvisor.advise(
            CardProfiles.jane, capacity: TagModel.ntag215.assumedCapacity, format: .dual)
        #expect(advice.chosen.size == 251)
        #expect(advice.chosen.fits)
        #expect(
            advice.explanation.contains(
                "Dual (251 bytes), assuming each model's usual capacity, fits an NTAG215, not an NTAG213; on an NTAG213 write the link (22 bytes)."
            ))
        #expect(advice.explanation.contains(FitAdvisor.dualPhones))
        #expect(FitAdvisor.dualPhones.contains("Android acts on the first record, the vCard"))
        #expect(FitAdvisor.dualPhones.contains("ignores text/vcard and opens the first URI record"))
        #expect(advice.alternatives.map(\.format) == [.url, .vcard, .mecard])
    }

    @Test func theLadderCoversEveryCase() {
        let models: [TagModel] = [.ntag216, .ntag213, .ntag215]
        #expect(
            FitVerdict.dualLadder(messageBytes: 100, linkBytes: 20, models: models)
                == "Dual (100 bytes), assuming each model's usual capacity, fits an NTAG213, an NTAG215 and an NTAG216."
        )
        #expect(
            FitVerdict.dualLadder(messageBytes: 600, linkBytes: 20, models: models)
                == "Dual (600 bytes), assuming each model's usual capacity, fits an NTAG216, not an NTAG215 or an NTAG213; on those write the link "
                + "(20 bytes).")
        #expect(
            FitVerdict.dualLadder(messageBytes: 2000, linkBytes: nil, models: models)
                == "Dual (2000 bytes), assuming each model's usual capacity, fits none of an NTAG213, an NTAG215 and an NTAG216; write the link "
                + "instead, or drop fields.")
    }

    /// Dropping fields shrinks the vCard record only: the URI record keeps the link even when the
    /// profile's first URL (where the link came from) is among the fields dropped, and the
    /// reduced card is exactly the reduced vCard followed by the same URI record.
    @Test func droppingFieldsShrinksTheVCardAndKeepsTheLink() throws {
        let profile = CardProfiles.jane
        let capacity = TagModel.ntag213.assumedCapacity
        let advice = try FitAdvisor.advise(profile, capacity: capacity, format: .dual)
        #expect(!advice.chosen.fits)
        let drop = try #require(advice.dropToFit)
        #expect(drop.result.fits)
        let reduced = ContactField.removing(Set(drop.fields.map(\.field)), from: profile)
        let expected = NDEFMessage(records: [
            NDEFRecord.mime(type: "text/vcard", payload: VCardEncoder.encode(reduced)),
            NDEFRecord.uri("https://acme.example/jane"),
        ]).encoded()
        #expect(drop.result.messageBytes == expected)
        // 251 bytes against 137: 114 must go; the same exact search as a vCard would make, on the
        // vCard's own field costs.
        #expect(drop.bytesDropped >= 114)
    }

    /// The exact search agrees with brute force for dual too (every subset encoded for real).
    @Test func dropToFitAgreesWithBruteForce() throws {
        var rng = SplitMix64(seed: 18)
        var checked = 0
        for _ in 0..<60 {
            var profile = CardProfiles.random(&rng)
            // The link is a URI record, under write uri's rule; the random text of the other URLs
            // (a vCard field) may hold spaces.
            if profile.urls.isEmpty {
                profile.urls = ["https://example.com/card"]
            } else {
                profile.urls[0] = "https://example.com/card"
            }
            let fields = ContactField.present(in: profile)
            guard fields.count <= 8 else { continue }
            let full = try FitAdvisor.encode(profile, as: .dual, link: profile.urls[0], capacity: .assumed(0)).size
            let capacity = Capacity.assumed(Int(rng.next() % UInt64(full + 1)))
            var fewest: Int? = nil
            for mask in 0..<(1 << fields.count) {
                let subset = fields.indices.filter { mask & (1 << $0) != 0 }.map { fields[$0] }
                let reduced = ContactField.removing(Set(subset), from: profile)
                let card = try FitAdvisor.encode(reduced, as: .dual, link: profile.urls[0], capacity: capacity)
                if card.fits { fewest = min(fewest ?? .max, subset.count) }
            }
            let suggestion = FitAdvisor.dropToFit(profile, as: .dual, capacity: capacity)
            let fitsAlready = try FitAdvisor.encode(profile, as: .dual, link: nil, capacity: capacity).fits
            if fitsAlready {
                #expect(suggestion == nil)
            } else {
                #expect(suggestion?.fields.count == fewest, "\(profile) at \(capacity.bytes)")
            }
            checked += 1
        }
        #expect(checked > 30)
    }
}
