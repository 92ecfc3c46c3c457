import Contacts
import TagCatalog
import TestSupport
import Testing

@testable import Cards

@Suite struct FitVerdictTests {
    @Test func theIssuesTwoSentences() {
        let tooBig = FitVerdict(messageBytes: 202, capacity: TagModel.ntag213.assumedCapacity)
        #expect(
            tooBig.sentence
                == "Too big for this tag: 202 bytes, assuming an NTAG213's 137. It is 65 bytes over. "
                + "Shorten the profile or write a link instead.")
        let fits = FitVerdict(messageBytes: 118, capacity: .reported(137, model: .ntag213))
        #expect(fits.sentence == "Fits: 118 of 137 bytes this tag reports.")
    }

    /// The example in the Cards documentation prints what it says.
    @Test func documentationExample() throws {
        let profile = ContactProfile(displayName: "Jane Doe", organization: "Acme", emails: ["jane@acme.example"])
        let advice = try FitAdvisor.advise(profile, capacity: TagModel.ntag213.assumedCapacity, format: .vcard)
        #expect(advice.chosen.verdict.sentence == "Fits: 127 of 137 bytes, assuming an NTAG213.")
    }

    @Test func otherShapes() {
        #expect(
            FitVerdict(messageBytes: 118, capacity: TagModel.ntag213.assumedCapacity).sentence
                == "Fits: 118 of 137 bytes, assuming an NTAG213.")
        #expect(
            FitVerdict(messageBytes: 137, capacity: .reported(137)).sentence
                == "Fits exactly: 137 of 137 bytes this tag reports.")
        #expect(
            FitVerdict(messageBytes: 101, capacity: .assumed(100)).sentence
                == "Too big for this tag: 101 bytes, assuming the tag holds 100. It is 1 byte over. "
                + "Shorten the profile or write a link instead.")
        #expect(
            FitVerdict(messageBytes: 150, capacity: .reported(137), remedy: .shorterLinkOrBiggerTag).sentence
                == "Too big for this tag: 150 bytes, and this tag reports 137. It is 13 bytes over. "
                + "Use a shorter link or a bigger tag.")
    }

    /// The house rule, over every shape a verdict can take: an assumed capacity is always worded
    /// "assuming", a reported one never is.
    @Test func assumedAlwaysSaysAssumingAndReportedNever() {
        var count = 0
        let models: [TagModel?] = [nil] + TagModel.allCases
        for model in models {
            for capacity in [0, 1, 46, 137, 492, 868, 4096] {
                for message in [0, 1, capacity - 1, capacity, capacity + 1, capacity * 2 + 7] where message >= 0 {
                    for remedy in [FitVerdict.Remedy.shortenOrLink, .shorterLinkOrBiggerTag] {
                        let assumed = FitVerdict(
                            messageBytes: message, capacity: .assumed(capacity, model: model), remedy: remedy)
                        #expect(assumed.sentence.contains("assuming"), "\(assumed.sentence)")
                        let reported = FitVerdict(
                            messageBytes: message, capacity: .reported(capacity, model: model), remedy: remedy)
                        #expect(!reported.sentence.contains("assuming"), "\(reported.sentence)")
                        #expect(reported.sentence.contains("this tag reports"))
                        #expect(assumed.fits == (message <= capacity))
                        #expect(assumed.overBy == max(0, message - capacity))
                        count += 2
                    }
                }
            }
        }
        #expect(count > 1000)
    }

    /// Every sentence the advisor produces (verdict, suggestion, alternatives, no-solution) says
    /// "assuming" when the capacity is assumed.
    @Test func everyAdvisorSentenceSaysAssuming() throws {
        var rng = SplitMix64(seed: 99)
        var sentences = 0
        for index in 0..<300 {
            let profile = CardProfiles.random(&rng)
            let capacity: Capacity =
                index % 3 == 0
                ? .assumed(Int(rng.next() % 400)) : TagModel.allCases[index % TagModel.allCases.count].assumedCapacity
            for format in CardFormat.allCases {
                guard
                    let advice = try? FitAdvisor.advise(
                        profile, capacity: capacity, format: format, link: "https://example.com/\(index)")
                else { continue }
                var all = advice.explanation + [advice.chosen.verdict.sentence]
                all += advice.alternatives.map(\.verdict.sentence)
                if let drop = advice.dropToFit { all += [drop.sentence, drop.result.verdict.sentence] }
                for sentence in all where sentence.contains("bytes") {
                    #expect(sentence.contains("assuming"), "\(sentence)")
                    sentences += 1
                }
            }
        }
        #expect(sentences > 1000)
    }
}
