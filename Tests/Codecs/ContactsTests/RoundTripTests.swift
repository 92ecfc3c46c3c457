import Contacts
import Testing

/// profile → encoder → reader → profile, over generated tricky profiles.
@Suite struct RoundTripTests {
    /// What a vCard reader should get back: FN as typed, N as written (explicit or guessed), and
    /// line breaks as LF.
    static func expectedAfterVCard(_ profile: ContactProfile) -> ContactProfile {
        var expected = profile
        expected.displayName = profile.formattedName
        expected.name = profile.effectiveName
        return expected
    }

    @Test func vCard() throws {
        for profile in TrickyProfiles.generate(count: 400, seed: 21) {
            let reading = try VCardReader.read(VCardEncoder.encode(profile))
            #expect(reading.profile == Self.expectedAfterVCard(profile))
            #expect(reading.unmapped.isEmpty)
            #expect(reading.warnings.isEmpty)
            #expect(reading.version == "3.0")
        }
    }

    @Test func meCard() throws {
        for profile in TrickyProfiles.generate(count: 400, seed: 22) {
            let reading = try MeCardReader.read(MeCardEncoder.encode(profile))
            #expect(reading.profile == MeCardEncoder.carried(profile))
            #expect(reading.unmapped.isEmpty)
        }
    }

    @Test func meCardLossesAreEmptyExactlyWhenNothingIsLost() throws {
        for profile in TrickyProfiles.generate(count: 300, seed: 23) {
            let carried = MeCardEncoder.carried(profile)
            var comparable = profile
            comparable.phones = profile.phones.map { Phone($0.number, kind: .voice) }
            if !profile.name.isEmpty {
                comparable.name = PersonName(family: profile.name.family, given: profile.name.given)
                comparable.displayName = carried.displayName
            }
            if MeCardEncoder.losses(profile).isEmpty {
                #expect(carried == comparable)
            }
        }
    }
}
