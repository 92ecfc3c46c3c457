import Foundation
import Store
import Testing

/// Issue 17 in the store: total time conversions, a session's own rules and monotonic
/// reference, and a pairing's signature verdict that sightings cannot overwrite.
@Suite("Store: extreme times, frozen session rules, pairing verdicts")
struct StoreTimeAndRulesTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let kitchen = TagKey(uid: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80], chip: "ntag213")

    @Test(
        "Any instant is stored without trapping (clamped to 64-bit milliseconds)",
        arguments: [
            1e18, -1e18, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, .infinity, -.infinity, .nan,
            Double(Int.max), Double(Int.min), 0,
        ])
    func extremeInstants(seconds: Double) throws {
        let directory = TemporaryDirectory()
        let store = try TapCardStore(path: directory.file("s.sqlite"))
        let at = Date(timeIntervalSince1970: seconds)
        try store.recordTagSeen(kitchen, at: at)
        try store.saveProfile(
            FocusProfileRecord(name: "focus", minimumDuration: seconds, emergencyPeriod: seconds), at: at)
        try store.startSession(SessionStart(profile: "focus", tag: kitchen, at: at, minimumEnd: at, plannedEnd: at))
        try store.endSession(profile: "focus", SessionEnd(at: at, reason: .emergency))
        let stored = try #require(try store.latestSession(profile: "focus"))
        if seconds.isFinite && abs(seconds) < 1e15 {
            #expect(stored.startedAt == at)
        } else {
            #expect(stored.startedAt.timeIntervalSince1970.isFinite)
        }
    }

    @Test("A session keeps its emergency rules and monotonic reference; old-style rows read as nil")
    func sessionRules() throws {
        let directory = TemporaryDirectory()
        let store = try TapCardStore(path: directory.file("s.sqlite"))
        try store.startSession(
            SessionStart(
                profile: "focus", tag: kitchen, at: t0, emergencyAllowance: 0, emergencyPeriod: 86_400,
                bootID: "boot-a", sinceBoot: 12.5))
        let stored = try #require(try store.latestSession(profile: "focus"))
        #expect(stored.emergencyAllowance == 0)
        #expect(stored.emergencyPeriod == 86_400)
        #expect(stored.bootID == "boot-a")
        #expect(stored.sinceBoot == 12.5)
        try store.endSession(profile: "focus", SessionEnd(at: t0, reason: .timer))
        try store.startSession(SessionStart(profile: "focus", tag: kitchen, at: t0.addingTimeInterval(1)))
        let plain = try #require(try store.latestSession(profile: "focus"))
        #expect(plain.emergencyAllowance == nil && plain.bootID == nil)
    }

    @Test("A sighting with an invalid signature does not overwrite the pairing's valid verdict")
    func pairingVerdictKept() throws {
        let directory = TemporaryDirectory()
        let store = try TapCardStore(path: directory.file("s.sqlite"))
        try store.pairTag(kitchen, profile: "focus", label: nil, location: nil, signature: .valid, at: t0)
        try store.recordTagSeen(kitchen, signature: .invalid, at: t0.addingTimeInterval(60))
        let paired = try #require(try store.pairedTags(profile: "focus").first)
        #expect(paired.signature == .valid)
        #expect(paired.tag.signature == .invalid)
    }
}
