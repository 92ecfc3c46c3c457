import Foundation
import Store
import Testing

/// Focus pairing with an NTAG 424 DNA (issue 16 item 6), as a user runs it: `focus pair`
/// provisions SUN on a virtual NTAG 424 DNA, and `focus tap` accepts only a fresh, valid SUN
/// message; a copied URL, a replay and a UID clone are each refused, and the refusal says which.
@Suite("Focus with an NTAG 424 DNA (SUN)")
struct FocusSUNCLITests {
    static let uid = "04A1B2C3D4E5F6"
    static let zeros = String(repeating: "0", count: 32)

    /// The URI of the tag's first record, read as a reader would (on a virtual tag the read is
    /// not saved, so the next tap of the real tag shows this same counter: the eavesdropped URL).
    func readURL(_ scenario: FocusScenario, _ tag: String) async throws -> String {
        let read = await scenario.run(["read", "--tag", tag, "--json"])
        let match = try #require(read.output.firstMatch(of: /"uri":"([^"]+)"/))
        return String(match.1).replacingOccurrences(of: "\\/", with: "/")
    }

    func kind(_ result: FocusScenario.Result) -> String? {
        result.output.firstMatch(of: /"kind":"([a-z_.]+)"/).map { String($0.1) }
    }

    @Test("Pairing provisions SUN; fresh taps pass; a replay, an edited URL and UID clones are refused by name")
    func securePairing() async throws {
        let scenario = FocusScenario()
        let tag = scenario.path("A.json")
        #expect(await scenario.run(["sim", "new", "ntag424", tag, "--uid", Self.uid]).status == 0)
        let pair = await scenario.run(["focus", "pair", "--tag", tag, "--location", "kitchen drawer", "--json"])
        #expect(pair.status == 0, "\(pair.error)")
        #expect(pair.output.contains(#""mode":"provisioned""#))
        #expect(pair.output.contains(#""steps":["changed key 1","changed key 2","ndef-file","file-settings"]"#))
        // The keys are in the store (0600) and nowhere in the output.
        let database = scenario.path("tapcard.sqlite")
        let mode = try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let store = try TapCardStore(path: database)
        let keys = try #require(
            try store.focusSUNKeys(for: TagKey(uid: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6], chip: "ntag424-dna")))
        #expect(keys.confirmed)
        for key in [keys.keys.metaKey, keys.keys.fileKey] {
            let hex = key.map { String(format: "%02x", $0) }.joined()
            #expect(!(pair.output + pair.error).lowercased().contains(hex))
        }

        let start = await scenario.run(["focus", "tap", "--tag", tag])
        #expect(start.status == 0, "\(start.error)")
        #expect(start.output.contains("started"))
        scenario.advance(minutes: 1)
        let recorded = try await readURL(scenario, tag)
        #expect(recorded.hasPrefix("https://tapcard.invalid/f?e="))
        let end = await scenario.run(["focus", "tap", "--tag", tag])
        #expect(end.status == 0, "\(end.error)")
        #expect(end.output.contains("ended by tag"))

        // The recorded URL on a plain NTAG213 with the same UID: a UID clone.
        let plain = scenario.path("C.nfc")
        #expect(await scenario.run(["sim", "new", "ntag213", plain, "--uid", Self.uid]).status == 0)
        #expect(await scenario.run(["write", "uri", recorded, "--tag", plain]).status == 0)
        let plainTap = await scenario.run(["focus", "tap", "--tag", plain, "--json"])
        #expect(plainTap.status == 1)
        #expect(kind(plainTap) == "focus_refusal.uid_clone_of_secure_tag")
        #expect(plainTap.error.contains("UID clone"))

        // The recorded URL on an NTAG 424 DNA with the same UID: genuine MAC, old counter.
        let twin = scenario.path("D.json")
        #expect(await scenario.run(["sim", "new", "ntag424", twin, "--uid", Self.uid]).status == 0)
        let bare = await scenario.run(["focus", "tap", "--tag", twin, "--json"])
        #expect(kind(bare) == "focus_refusal.uid_clone_of_secure_tag")
        #expect(await scenario.run(["write", "uri", recorded, "--tag", twin]).status == 0)
        let replay = await scenario.run(["focus", "tap", "--tag", twin, "--json"])
        #expect(replay.status == 1)
        #expect(kind(replay) == "focus_refusal.sun_counter_not_increasing")
        #expect(replay.error.contains("played back"))

        // The same URL with one MAC digit changed: the MAC does not verify.
        let last = recorded.last == "0" ? "1" : "0"
        let edited = String(recorded.dropLast()) + last
        #expect(await scenario.run(["write", "uri", edited, "--tag", twin]).status == 0)
        let copied = await scenario.run(["focus", "tap", "--tag", twin, "--json"])
        #expect(copied.status == 1)
        #expect(kind(copied) == "focus_refusal.sun_mac_invalid")
        #expect(copied.error.contains("MAC does not verify"))

        // None of them changed anything: the real tag, tapped again, starts a session.
        scenario.advance(minutes: 1)
        let again = await scenario.run(["focus", "tap", "--tag", tag])
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output.contains("started"))
    }

    @Test("An already provisioned tag is adopted with its keys; wrong keys are refused")
    func adopt() async throws {
        let scenario = FocusScenario()
        let tag = scenario.path("P.json")
        #expect(await scenario.run(["sim", "new", "ntag424", tag, "--uid", Self.uid]).status == 0)
        let setup = await scenario.run([
            "ntag424", "sdm", "setup", "--url-template", "https://example.com/t?picc_data={picc}&cmac={mac}", "--tag",
            tag,
        ])
        #expect(setup.status == 0, "\(setup.error)")
        let wrong = await scenario.run([
            "focus", "pair", "--tag", tag, "--meta-key", Self.zeros, "--file-key", String(repeating: "1", count: 32),
        ])
        #expect(wrong.status != 0)
        #expect(wrong.error.contains("does not verify"))
        let adopted = await scenario.run([
            "focus", "pair", "--tag", tag, "--meta-key", Self.zeros, "--file-key", Self.zeros, "--json",
        ])
        #expect(adopted.status == 0, "\(adopted.error)")
        #expect(adopted.output.contains(#""mode":"adopted""#))
        let tap = await scenario.run(["focus", "tap", "--tag", tag])
        #expect(tap.status == 0, "\(tap.error)")
        #expect(tap.output.contains("started"))
    }

    @Test("A plain NTAG213 still pairs by UID, with the warning naming the NTAG 424 DNA")
    func plainTagStillPairs() async {
        let scenario = FocusScenario()
        let tag = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        let pair = await scenario.run(["focus", "pair", "--tag", tag, "--json"])
        #expect(pair.status == 0, "\(pair.error)")
        #expect(pair.output.contains(#""secure":null"#))
        #expect(pair.output.contains("use an NTAG 424 DNA"))
        let keyed = await scenario.run(["focus", "pair", "--tag", tag, "--key", Self.zeros])
        #expect(keyed.status != 0)
        #expect(await scenario.run(["focus", "tap", "--tag", tag]).status == 0)
    }

    @Test("--no-secure pairs an NTAG 424 DNA by UID only, also one paired secure before")
    func noSecure() async {
        let scenario = FocusScenario()
        let tag = scenario.path("N.json")
        _ = await scenario.run(["sim", "new", "ntag424", tag, "--uid", Self.uid])
        #expect(await scenario.run(["focus", "pair", "--tag", tag]).status == 0)
        // Paired again by UID only: the SUN requirement goes (the keys stay in the store).
        let pair = await scenario.run(["focus", "pair", "--tag", tag, "--no-secure", "--json"])
        #expect(pair.status == 0, "\(pair.error)")
        #expect(pair.output.contains(#""secure":null"#))
        let bare = scenario.path("B.json")
        _ = await scenario.run(["sim", "new", "ntag424", bare, "--uid", Self.uid])
        let tap = await scenario.run(["focus", "tap", "--tag", bare])
        #expect(tap.status == 0, "\(tap.error)")
    }
}
