import Foundation
import TapCardSupport
import Testing

/// Issue 17's bypasses, tried as a user would through `tapcard focus`. Each failed on the code
/// before the fix.
@Suite("Focus bypasses (issue 17)")
struct FocusBypassTests {
    static let realTag = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(
            "Fixtures/type2-real/real_talking_sasquach_ntag213/source.nfc"
        )
        .path

    @Test("Raising the emergency allowance mid-session grants no exit; the settings say they apply next time")
    func allowanceFrozen() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        _ = await scenario.run(["focus", "pair", "--tag", a])
        _ = await scenario.run(["focus", "settings", "--emergency-allowance", "0"])
        #expect(await scenario.run(["focus", "tap", "--tag", a]).status == 0)
        scenario.advance(minutes: 1)
        let raised = await scenario.run(["focus", "settings", "--emergency-allowance", "1", "--json"])
        #expect(raised.status == 0, "\(raised.error)")
        #expect(raised.output.contains(#""applies_to_next_session_only":true"#))
        let text = await scenario.run(["focus", "settings", "--emergency-allowance", "1"])
        #expect(text.output.contains("these settings apply from the next session"))
        let exit = await scenario.run(["focus", "emergency"])
        #expect(exit.status != 0)
        #expect(exit.error.contains("Emergency exits are turned off"))
        // The next session gets the new allowance.
        #expect(await scenario.run(["focus", "tap", "--tag", a]).status == 0)
        #expect(await scenario.run(["focus", "tap", "--tag", a]).status == 0)
        #expect(await scenario.run(["focus", "emergency"]).status == 0)
    }

    @Test("A one-second emergency period set mid-session does not make exits unlimited")
    func periodFrozen() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        _ = await scenario.run(["focus", "pair", "--tag", a])
        _ = await scenario.run(["focus", "settings", "--emergency-allowance", "1"])
        _ = await scenario.run(["focus", "tap", "--tag", a])
        #expect(await scenario.run(["focus", "emergency"]).status == 0)
        _ = await scenario.run(["focus", "tap", "--tag", a])
        _ = await scenario.run(["focus", "settings", "--emergency-period", "1s"])
        scenario.advance(minutes: 1)
        let second = await scenario.run(["focus", "emergency"])
        #expect(second.status != 0)
        #expect(second.error.contains("All 1 emergency exits of the last 28 days are used"))
    }

    @Test("A same-UID tag with an all-zero signature is refused as a clone; the pairing still says valid")
    func zeroSignatureClone() async throws {
        let scenario = FocusScenario()
        let original = try String(contentsOfFile: Self.realTag, encoding: .utf8)
        let zeros = Array(repeating: "00", count: 32).joined(separator: " ")
        let cloneText = original.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasPrefix("Signature:") ? "Signature: \(zeros)" : String($0)
        }.joined(separator: "\n")
        let clone = scenario.path("clone.nfc")
        try cloneText.write(toFile: clone, atomically: true, encoding: .utf8)
        #expect(await scenario.run(["focus", "pair", "--tag", Self.realTag, "--location", "hall"]).status == 0)
        #expect(await scenario.run(["focus", "tap", "--tag", Self.realTag]).status == 0)
        let refused = await scenario.run(["focus", "tap", "--tag", clone])
        #expect(refused.status == 1)
        #expect(refused.error.contains("it looks like a clone"), "\(refused.error)")
        let json = await scenario.run(["focus", "tap", "--tag", clone, "--json"])
        #expect(json.output.contains("signature_worse_than_at_pairing"), "\(json.output)")
        let status = await scenario.run(["focus", "status", "--json"])
        #expect(status.output.contains(#""phase":"active""#))
        #expect(status.output.contains(#""location":"hall","paired_at":"2027-01-15T08:00:00Z","signature":"valid""#))
        #expect(await scenario.run(["focus", "tap", "--tag", Self.realTag]).status == 0)
    }

    @Test("The plain-tag pairing notice names the NTAG 424 DNA as the clone-proof focus tag")
    func noticeNames424() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        let pair = await scenario.run(["focus", "pair", "--tag", a])
        #expect(pair.output.contains("use an NTAG 424 DNA"))
    }

    @Test("focus unpair: refused during a session, then by tag or by UID; help and JSON")
    func unpair() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        let b = scenario.makeTag("B.nfc", uid: "04 11 22 33 44 55 80")
        _ = await scenario.run(["focus", "pair", "--tag", a])
        _ = await scenario.run(["focus", "pair", "--tag", b, "--location", "office"])
        _ = await scenario.run(["focus", "tap", "--tag", a])
        let during = await scenario.run(["focus", "unpair", "--tag", b])
        #expect(during.status == 1)
        #expect(during.error.contains("cannot be paired or unpaired while a focus session is running"))
        #expect(await scenario.run(["focus", "unpair", "--uid", "04:11:22:33:44:55:80"]).status == 1)
        _ = await scenario.run(["focus", "tap", "--tag", a])
        let byUID = await scenario.run(["focus", "unpair", "--uid", "04:11:22:33:44:55:80", "--json"])
        #expect(byUID.status == 0, "\(byUID.error)")
        #expect(byUID.output.contains(#""outcome":"unpaired""#))
        #expect(byUID.output.contains(#""location":"office""#))
        #expect(await scenario.run(["focus", "tap", "--tag", b]).status == 1)
        let byTag = await scenario.run(["focus", "unpair", "--tag", a])
        #expect(byTag.status == 0, "\(byTag.error)")
        #expect(byTag.output.contains("No tag is paired now"))
        let help = await scenario.run(["focus", "unpair", "--help"])
        #expect(help.output.contains("Usage: tapcard focus unpair"))
        let focusHelp = await scenario.run(["focus", "--help"])
        #expect(focusHelp.output.contains("unpair"))
    }

    @Test("A clock set an hour ahead against the monotonic clock ends nothing early, and status says so")
    func clockJumpAhead() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        _ = await scenario.run(["focus", "pair", "--tag", a])
        scenario.monotonic = "boot-1:1000"
        _ = await scenario.run(["focus", "tap", "--tag", a, "--minimum", "30m", "--for", "45m"])
        scenario.advance(minutes: 60)
        scenario.monotonic = "boot-1:1060"
        let early = await scenario.run(["focus", "tap", "--tag", a])
        #expect(early.status == 1)
        #expect(early.error.contains("29 min"), "\(early.error)")
        let status = await scenario.run(["focus", "status", "--json"])
        #expect(status.output.contains(#""phase":"active""#))
        #expect(status.output.contains(#""check":"jumped","jump_seconds":3540"#), "\(status.output)")
        let text = await scenario.run(["focus", "status"])
        #expect(text.output.contains("The system clock was set ahead by 59 min"))
    }

    @Test("TAPCARD_TEST_NOW=1e18 with a write does not crash the store's time conversion")
    func hugeTestTime() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        for now in [1e18, -1e18] {
            scenario.now = now
            // `read` records the sighting in the store, as `write` does after writing the tag.
            let read = await scenario.run(["read", "--tag", a])
            #expect(read.status == 0, "\(read.error)")
            let pair = await scenario.run(["focus", "pair", "--tag", a])
            #expect(pair.status == 0, "\(pair.error)")
            #expect(await scenario.run(["tags", "--json"]).status == 0)
        }
    }
}
