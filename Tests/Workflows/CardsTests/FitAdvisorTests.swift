import Contacts
import NDEF
import TagCatalog
import TestSupport
import Testing

@testable import Cards

@Suite struct FitAdvisorTests {
    /// Sizes are the real NDEF messages: decoding the bytes gives the record we meant.
    @Test func encodingsAreTheMessagesThatWouldBeWritten() throws {
        let profile = CardProfiles.jane
        let vcard = try FitAdvisor.encode(profile, as: .vcard, link: nil, capacity: .assumed(137))
        let decoded = try NDEFMessage.decode(vcard.messageBytes)
        #expect(decoded.records.count == 1)
        #expect(decoded.records[0].tnf == .media)
        #expect(decoded.records[0].type == Array("text/vcard".utf8))
        #expect(decoded.records[0].payload == VCardEncoder.encode(profile))
        #expect(vcard.size == 3 + 10 + VCardEncoder.encode(profile).count)

        let mecard = try FitAdvisor.encode(profile, as: .mecard, link: nil, capacity: .assumed(137))
        let text = try NDEFMessage.decode(mecard.messageBytes).records[0]
        #expect(text.tnf == .wellKnown && text.type == [0x54])
        #expect(Array(text.payload.dropFirst(3)) == Array(MeCardEncoder.encode(profile).utf8))
        #expect(Array(text.payload.prefix(3)) == [0x02, 0x65, 0x6E])  // UTF-8, "en"

        let url = try FitAdvisor.encode(profile, as: .url, link: nil, capacity: .assumed(137))
        let uri = try NDEFMessage.decode(url.messageBytes).records[0]
        #expect(uri.tnf == .wellKnown && uri.type == [0x55])
        #expect(uri.payload == [0x04] + Array("acme.example/jane".utf8))  // 0x04 = "https://"
        #expect(url.size == 22)  // D1 01 12 55 04 + "acme.example/jane" (17)
    }

    /// The shared reference's ndeflib vector (peers.md §3.2): the minimal Jane Doe card as a MIME
    /// record is 78 bytes, starting D2 (MB|ME|SR, TNF 2) 0A (type length) 41 (payload 65).
    @Test func minimalCardMatchesTheNdeflibVector() throws {
        let card = try FitAdvisor.encode(
            ContactProfile(displayName: "Jane Doe"), as: .vcard, link: nil, capacity: .assumed(137))
        #expect(card.size == 78)
        #expect(
            Array(card.messageBytes.prefix(16)) == [
                0xD2, 0x0A, 0x41, 0x74, 0x65, 0x78, 0x74, 0x2F, 0x76, 0x63, 0x61, 0x72, 0x64, 0x42, 0x45, 0x47,
            ])
    }

    @Test func urlNeedsALinkAndCardsNeedAName() {
        #expect(throws: CardError.noLink) {
            try CardEncoding.message(for: ContactProfile(displayName: "A"), as: .url)
        }
        #expect(throws: CardError.noName) { try CardEncoding.message(for: ContactProfile(), as: .vcard) }
    }

    @Test func exactFitAndOneByteOver() throws {
        let profile = CardProfiles.jane
        let size = try FitAdvisor.encode(profile, as: .vcard, link: nil, capacity: .assumed(0)).size
        let exact = try FitAdvisor.advise(profile, capacity: .reported(size), format: .vcard)
        #expect(exact.chosen.fits)
        #expect(exact.chosen.verdict.overBy == 0)
        #expect(exact.dropToFit == nil)
        #expect(exact.chosen.verdict.sentence == "Fits exactly: \(size) of \(size) bytes this tag reports.")

        let over = try FitAdvisor.advise(profile, capacity: .reported(size - 1), format: .vcard)
        #expect(!over.chosen.fits)
        #expect(over.chosen.verdict.overBy == 1)
        #expect(over.chosen.verdict.sentence.contains("It is 1 byte over."))
        // One byte over: dropping any one field fits, and the cheapest field is chosen.
        let drop = try #require(over.dropToFit)
        #expect(drop.fields.count == 1)
        let cheapest = ContactField.present(in: profile).map { field in
            VCardEncoder.encode(profile).count
                - VCardEncoder.encode(ContactField.removing([field], from: profile)).count
        }.min()
        #expect(drop.fields[0].bytes == cheapest)
        #expect(drop.result.fits)
    }

    /// Hand-built: the realistic card on an NTAG213 (assumed).
    @Test func realisticCardOnAnNTAG213() throws {
        let advice = try FitAdvisor.advise(
            CardProfiles.jane, capacity: TagModel.ntag213.assumedCapacity, format: .vcard,
            link: "https://acme.example/jane")
        // vCard lines with CRLF: BEGIN 13, VERSION 13, N 15, FN 13, ORG 22, TITLE 24, TEL 31,
        // EMAIL 43, URL 31, END 11 = 216 bytes; the MIME record adds 3 header bytes and the 10-byte
        // type "text/vcard": 229 bytes against 137.
        #expect(advice.chosen.size == 229)
        #expect(!advice.chosen.fits)
        #expect(advice.chosen.verdict.overBy == 92)
        let drop = try #require(advice.dropToFit)
        // 92 bytes must go. No two fields free that much (EMAIL 43 + TEL or URL 31 = 74), so three
        // are needed; the three-field sets that free at least 92 with the fewest bytes free 96:
        // ORG + EMAIL + TEL and ORG + EMAIL + URL. The tie goes to dropping the link, which the
        // advisor ranks less essential than a phone number.
        #expect(drop.fields.map(\.field) == [.organization, .email(0), .url(0)])
        #expect(drop.fields.map(\.bytes) == [22, 43, 31])
        #expect(drop.bytesDropped == 96)
        #expect(drop.result.size == 133)
        #expect(drop.result.fits)
        #expect(advice.alternatives.map(\.format) == [.url, .mecard, .dual])
        #expect(advice.alternatives.first { $0.format == .url }?.fits == true)
    }

    @Test func tieBreakDropsTheLessEssentialField() throws {
        // "ORG:Acme Orgs" and "NOTE:Notes 12" are both 13 bytes: dropping either frees the byte
        // needed, and the note goes first.
        let profile = ContactProfile(displayName: "A", organization: "Acme Orgs", note: "Notes 12")
        #expect("ORG:Acme Orgs".utf8.count == "NOTE:Notes 12".utf8.count)
        let size = try FitAdvisor.encode(profile, as: .vcard, link: nil, capacity: .assumed(0)).size
        let drop = try #require(FitAdvisor.dropToFit(profile, as: .vcard, capacity: .assumed(size - 1)))
        #expect(drop.fields.map(\.field) == [.note])
    }

    @Test func noSolutionWhenTheNameAloneIsTooBig() throws {
        let profile = ContactProfile(displayName: String(repeating: "Long Name ", count: 20), note: "n")
        let advice = try FitAdvisor.advise(profile, capacity: .assumed(46, model: .ntag210), format: .vcard)
        #expect(advice.dropToFit == nil)
        #expect(advice.explanation.contains { $0.hasPrefix("Dropping every optional field is not enough") })
    }

    /// Cross-check against brute force over every subset, sizes from real encodings.
    @Test func agreesWithBruteForce() throws {
        var rng = SplitMix64(seed: 2026)
        var checked = 0
        for _ in 0..<80 {
            let profile = CardProfiles.random(&rng)
            let fields = ContactField.present(in: profile)
            guard fields.count <= 8 else { continue }
            for format in [CardFormat.vcard, .mecard] {
                let full = try FitAdvisor.encode(profile, as: format, link: nil, capacity: .assumed(0)).size
                let capacity = Capacity.assumed(Int(rng.next() % UInt64(full + 1)))
                let order = FitAdvisor.preferenceOrder(fields)
                var best: (count: Int, lost: Int, ranks: [Int])? = nil
                for mask in 0..<(1 << fields.count) {
                    let subset = fields.indices.filter { mask & (1 << $0) != 0 }.map { fields[$0] }
                    let reduced = ContactField.removing(Set(subset), from: profile)
                    let card = try FitAdvisor.encode(reduced, as: format, link: nil, capacity: capacity)
                    guard card.fits else { continue }
                    let lost =
                        FitAdvisor.payloadSize(profile, as: format) - FitAdvisor.payloadSize(reduced, as: format)
                    let ranks = subset.compactMap { order.firstIndex(of: $0) }.sorted()
                    let candidate = (subset.count, lost, ranks)
                    if let current = best {
                        if (candidate.0, candidate.1) < (current.count, current.lost)
                            || ((candidate.0, candidate.1) == (current.count, current.lost)
                                && candidate.2.lexicographicallyPrecedes(current.ranks))
                        {
                            best = candidate
                        }
                    } else {
                        best = candidate
                    }
                }
                let suggestion = FitAdvisor.dropToFit(profile, as: format, capacity: capacity)
                if let best, best.count > 0 {
                    let suggested = try #require(suggestion, "no suggestion, brute force found \(best)")
                    let ranks = suggested.fields.compactMap { order.firstIndex(of: $0.field) }.sorted()
                    #expect(ranks == best.ranks)
                    #expect(suggested.bytesDropped == best.lost)
                } else {
                    #expect(suggestion == nil)
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}
