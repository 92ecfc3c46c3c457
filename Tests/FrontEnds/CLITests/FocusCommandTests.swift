import Foundation
import TapCardCLI
import Testing

@Suite("tapcard focus / tags")
struct FocusCommandTests {
    @Test("Scenario: pair A, tap A starts, tap B refused (still active), tap A ends, history shows one tag ending")
    func scenario() async throws {
        let scenario = FocusScenario()
        let a = scenario.path("A.nfc")
        let b = scenario.path("B.nfc")
        #expect(await scenario.run(["sim", "new", "ntag213", a, "--uid", "04A1B2C3D4E580"]).status == 0)
        #expect(await scenario.run(["sim", "new", "ntag213", b, "--uid", "04112233445580"]).status == 0)

        let pair = await scenario.run(["focus", "pair", "--tag", a, "--location", "kitchen drawer"])
        #expect(pair.status == 0, "\(pair.error)")
        #expect(pair.output.hasPrefix("Paired ntag213 04:A1:B2:C3:D4:E5:80 (the one in the kitchen drawer)."))
        #expect(pair.output.contains("Anyone with a cheap NFC reader can read that UID"))
        #expect(pair.output.contains("Originality signature: The tag returned an all-zero signature"))

        let start = await scenario.run(["focus", "tap", "--tag", a])
        #expect(start.status == 0, "\(start.error)")
        #expect(start.output.hasPrefix("Focus session started at 2027-01-15 08:00:00 UTC."))

        scenario.advance(minutes: 10)
        let wrong = await scenario.run(["focus", "tap", "--tag", b])
        #expect(wrong.status == 1)
        #expect(wrong.output.isEmpty)
        #expect(
            wrong.error
                == "error: This isn't your focus tag — it's the one in the kitchen drawer. Your focus session keeps running (since 2027-01-15 08:00:00 UTC).\n"
        )
        let status = await scenario.run(["focus", "status", "--json"])
        #expect(status.output.contains(#""phase":"active""#))
        #expect(status.output.contains(#""elapsed_seconds":600,"#))

        scenario.advance(minutes: 15)
        let end = await scenario.run(["focus", "tap", "--tag", a])
        #expect(end.status == 0, "\(end.error)")
        #expect(end.output == "Focus session ended by tag after 25 min (started 2027-01-15 08:00:00 UTC).\n")

        let history = await scenario.run(["focus", "history", "--json"])
        #expect(history.status == 0)
        #expect(
            history.output
                == #"{"schema_version":1,"profile":"focus","sessions":[{"started_at":"2027-01-15T08:00:00Z","started_by":{"uid":{"hex":"04a1b2c3d4e580","check_bytes_valid":null,"manufacturer":"NXP Semiconductors","manufacturer_code":4},"chip":{"model":"ntag213","type":"NTAG213","identified_by":{"by":"recorded in the TapCard database"}}},"minimum_end":null,"planned_end":null,"ended_at":"2027-01-15T08:25:00Z","ended_by":"tag","ending_tag":{"uid":{"hex":"04a1b2c3d4e580","check_bytes_valid":null,"manufacturer":"NXP Semiconductors","manufacturer_code":4},"chip":{"model":"ntag213","type":"NTAG213","identified_by":{"by":"recorded in the TapCard database"}}},"duration_seconds":1500}]}"#
                + "\n")
        let text = await scenario.run(["focus", "history"])
        #expect(
            text.output.contains(
                "2027-01-15 08:00:00 UTC  2027-01-15 08:25:00 UTC  25 min        tag (ntag213 04:A1:B2:C3:D4:E5:80)"))
    }

    @Test("Pairing a real NTAG213 dump records its originality signature as valid")
    func realSignature() async {
        let scenario = FocusScenario()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Fixtures/type2-real/real_talking_sasquach_ntag213/source.nfc"
            ).path
        let pair = await scenario.run(["focus", "pair", "--tag", fixture, "--location", "hall"])
        #expect(pair.status == 0, "\(pair.error)")
        #expect(
            pair.output.contains("Originality signature: The originality signature verifies under NXP's NTAG21x key"))
        let status = await scenario.run(["focus", "status", "--json"])
        #expect(status.output.contains(#""location":"hall","paired_at":"2027-01-15T08:00:00Z","signature":"valid""#))
    }

    @Test("Without --tag, the default virtual tag is paired and tapped")
    func defaultTag() async {
        let scenario = FocusScenario()
        let pair = await scenario.run(["focus", "pair", "--location", "desk"])
        #expect(pair.status == 0, "\(pair.error)")
        #expect(pair.error.hasPrefix("Created the default virtual NTAG213"))
        #expect(await scenario.run(["focus", "tap"]).output.hasPrefix("Focus session started"))
        scenario.advance(minutes: 1)
        #expect(await scenario.run(["focus", "tap"]).output.hasPrefix("Focus session ended by tag after 1 min"))
    }

    @Test("A paired tag rewritten by 'tapcard write' still ends the session")
    func rewrittenByWriteCommand() async {
        let scenario = FocusScenario()
        let a = scenario.path("A.nfc")
        _ = await scenario.run(["sim", "new", "ntag213", a])
        _ = await scenario.run(["focus", "pair", "--tag", a])
        _ = await scenario.run(["focus", "tap", "--tag", a])
        let write = await scenario.run(["write", "uri", "https://example.org/new-content", "--tag", a])
        #expect(write.status == 0, "\(write.error)")
        scenario.advance(minutes: 2)
        let end = await scenario.run(["focus", "tap", "--tag", a])
        #expect(end.status == 0, "\(end.error)")
        #expect(end.output.hasPrefix("Focus session ended by tag after 2 min"))
    }

    @Test("A rewritten paired tag (same UID, new NDEF message) still ends the session")
    func rewrittenTag() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80", text: "before")
        #expect(await scenario.run(["focus", "pair", "--tag", a]).status == 0)
        #expect(await scenario.run(["focus", "tap", "--tag", a]).status == 0)
        scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80", text: "rewritten with something else")
        scenario.advance(minutes: 1)
        let end = await scenario.run(["focus", "tap", "--tag", a])
        #expect(end.status == 0, "\(end.error)")
        #expect(end.output.hasPrefix("Focus session ended by tag"))
    }

    @Test("The paired UID on another chip (a clone of another model) is refused, and the refusal says so")
    func cloneOnOtherChip() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        let clone = scenario.makeTag("clone.nfc", uid: "04 A1 B2 C3 D4 E5 80", model: "NTAG215")
        _ = await scenario.run(["focus", "pair", "--tag", a, "--location", "hall cupboard"])
        let refused = await scenario.run(["focus", "tap", "--tag", clone])
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "error: This isn't your focus tag — it's the one in the hall cupboard. This tag has the paired UID 04:A1:B2:C3:D4:E5:80 but reports chip type ntag215, not the paired ntag213: it may be a clone.\n"
        )
    }

    @Test("Minimum duration: an early tap is refused with the remaining time")
    func minimum() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        _ = await scenario.run(["focus", "pair", "--tag", a, "--label", "Kitchen"])
        let start = await scenario.run(["focus", "tap", "--tag", a, "--minimum", "20m"])
        #expect(start.output.contains("It can be ended by tag from 2027-01-15 08:20:00 UTC."))
        scenario.advance(minutes: 7.5)
        let early = await scenario.run(["focus", "tap", "--tag", a])
        #expect(early.status == 1)
        #expect(
            early.error
                == "error: This session has a minimum of 20 min; 12 min 30 s remain (until 2027-01-15 08:20:00 UTC). The emergency exit can end it sooner.\n"
        )
        scenario.advance(minutes: 12.5)
        #expect(await scenario.run(["focus", "tap", "--tag", a]).status == 0)
    }

    @Test("Planned end passed while nothing ran: status and history say the timer ended it")
    func plannedEndAsleep() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        _ = await scenario.run(["focus", "pair", "--tag", a])
        _ = await scenario.run(["focus", "tap", "--tag", a, "--for", "45m"])
        scenario.advance(minutes: 600)
        let status = await scenario.run(["focus", "status"])
        #expect(
            status.output.hasPrefix(
                "The last focus session ended by itself at its planned end at 2027-01-15 08:45:00 UTC after 45 min."))
        let history = await scenario.run(["focus", "history", "--json"])
        #expect(history.output.contains(#""ended_at":"2027-01-15T08:45:00Z","ended_by":"timer""#))
    }

    @Test("A tap after the planned end reports the timer's end and starts nothing")
    func tapAfterPlannedEnd() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        _ = await scenario.run(["focus", "pair", "--tag", a])
        _ = await scenario.run(["focus", "tap", "--tag", a, "--for", "30m"])
        scenario.advance(minutes: 31)
        let tap = await scenario.run(["focus", "tap", "--tag", a])
        #expect(tap.status == 0)
        #expect(
            tap.output.hasPrefix("This session already ended by itself at its planned end, 2027-01-15 08:30:00 UTC"))
        #expect(await scenario.run(["focus", "status", "--json"]).output.contains(#""phase":"ended""#))
    }

    @Test("Emergency exits: three in 28 days, the fourth refused with the next available time")
    func emergency() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        _ = await scenario.run(["focus", "pair", "--tag", a])
        for round in 0..<3 {
            _ = await scenario.run(["focus", "tap", "--tag", a])
            scenario.advance(minutes: 1)
            let exit = await scenario.run(["focus", "emergency"])
            #expect(exit.status == 0)
            #expect(exit.output.contains("\(2 - round) of 3 emergency exits left in any 28 days."))
            scenario.advance(minutes: 60)
        }
        _ = await scenario.run(["focus", "tap", "--tag", a])
        let refused = await scenario.run(["focus", "emergency"])
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "error: All 3 emergency exits of the last 28 days are used; only a paired tag can end the session now. The next emergency exit becomes available at 2027-02-12 08:01:00 UTC.\n"
        )
        let history = await scenario.run(["focus", "history", "--json"])
        #expect(history.output.components(separatedBy: #""ended_by":"emergency""#).count - 1 == 3)
        let none = await scenario.run(["focus", "emergency", "--profile", "other"])
        #expect(none.error == "error: No focus session is running, so there is nothing to end.\n")
    }

    @Test("tags lists paired and tapped tags with location and the capacity the tag reported")
    func tags() async {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        _ = await scenario.run(["focus", "pair", "--tag", a, "--label", "Kitchen", "--location", "kitchen drawer"])
        let text = await scenario.run(["tags"])
        #expect(
            text.output.hasPrefix(
                "ntag213 04:A1:B2:C3:D4:E5:80  \"Kitchen\"  (kitchen drawer)\n  capacity:   142 bytes (reported by the tag)\n"
                    + "  signature:  invalid: no signature by NXP's key for this UID (all zeros, or not NXP's): a virtual tag, an emulator, a clone or not NXP silicon\n"
            ))
        let json = await scenario.run(["tags", "--json"])
        #expect(
            json.output.hasPrefix(
                #"{"schema_version":1,"tags":[{"uid":{"hex":"04a1b2c3d4e580","check_bytes_valid":null,"manufacturer":"NXP Semiconductors","manufacturer_code":4},"chip":{"model":"ntag213","type":"NTAG213","identified_by":{"by":"recorded in the TapCard database"}},"label":"Kitchen","location":"kitchen drawer","capacity_bytes":142,"capacity_source":"reported","signature":"invalid"#
            ))
        let empty = await scenario.run(["tags", "--db", scenario.path("other.sqlite")])
        #expect(empty.output == "No tags recorded yet.\n")
    }

    @Test("Usage errors exit 64; a missing tag file exits 66; --help works for every subcommand")
    func usage() async {
        let scenario = FocusScenario()
        #expect(await scenario.run(["focus", "tap", "--for", "banana"]).status == 64)
        #expect(await scenario.run(["focus", "frobnicate"]).status == 64)
        #expect(await scenario.run(["focus", "status", "--bogus"]).status == 64)
        let missing = await scenario.run(["focus", "tap", "--tag", scenario.path("nope.nfc")])
        #expect(missing.status == 66)
        #expect(missing.error.hasPrefix("error: Could not read \(scenario.path("nope.nfc"))"))
        for sub in ["pair", "tap", "status", "history", "emergency", "settings"] {
            let help = await scenario.run(["focus", sub, "--help"])
            #expect(help.status == 0)
            #expect(help.output.hasPrefix("Usage: tapcard focus \(sub)"))
        }
        #expect(await scenario.run(["focus", "--help"]).output.contains("emergency"))
        #expect(await scenario.run(["tags", "--help"]).output.hasPrefix("Usage: tapcard tags"))
    }

    @Test("Settings are stored and used as defaults; a minimum longer than the planned length is refused")
    func settings() async {
        let scenario = FocusScenario()
        let set = await scenario.run([
            "focus", "settings", "--minimum", "10m", "--for", "50m", "--emergency-allowance", "1",
        ])
        #expect(set.status == 0, "\(set.error)")
        #expect(set.output.contains("minimum duration:  10 min"))
        #expect(set.output.contains("emergency exits:   1 per 28 days"))
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        _ = await scenario.run(["focus", "pair", "--tag", a])
        let start = await scenario.run(["focus", "tap", "--tag", a])
        #expect(start.output.contains("It ends by itself at 2027-01-15 08:50:00 UTC."))
        let bad = await scenario.run(["focus", "settings", "--minimum", "2h"])
        #expect(bad.status == 65)
        let json = await scenario.run(["focus", "settings", "--json"])
        #expect(
            json.output
                == #"{"schema_version":1,"profile":"focus","minimum_duration_seconds":600,"planned_duration_seconds":3000,"emergency":{"allowance":1,"period_seconds":2419200},"applies_to_next_session_only":false}"#
                + "\n")
        let off = await scenario.run(["focus", "settings", "--minimum", "off", "--for", "off", "--json"])
        #expect(off.output.contains(#""minimum_duration_seconds":null,"planned_duration_seconds":null"#))
    }

    /// `focus tap --json` (issue 4: "--json on every command"): one object a script can branch
    /// on, started then ended, with the same session shape as `focus history --json`.
    @Test("focus tap --json prints the outcome and the session")
    func tapJSON() async throws {
        let scenario = FocusScenario()
        let a = scenario.path("A.nfc")
        #expect(await scenario.run(["sim", "new", "ntag215", a, "--uid", "04D1D2D3D4D5D6"]).status == 0)
        let pair = await scenario.run(["focus", "pair", "--tag", a, "--location", "hall", "--json"])
        #expect(pair.status == 0, "\(pair.error)")
        let paired = try #require(try JSONSerialization.jsonObject(with: Data(pair.output.utf8)) as? [String: Any])
        #expect(paired["outcome"] as? String == "paired")
        #expect((paired["tag"] as? [String: Any])?["location"] as? String == "hall")
        #expect((paired["tag"] as? [String: Any])?["signature"] as? String == "invalid")
        #expect((paired["notice"] as? String)?.contains("cheap NFC reader") == true)
        let start = await scenario.run(["focus", "tap", "--tag", a, "--json"])
        #expect(start.status == 0, "\(start.error)")
        let started = try #require(
            try JSONSerialization.jsonObject(with: Data(start.output.utf8)) as? [String: Any])
        #expect(started["outcome"] as? String == "started")
        let session = try #require(started["session"] as? [String: Any])
        #expect(session["ended_at"] is NSNull)
        let startedBy = session["started_by"] as? [String: Any]
        #expect((startedBy?["uid"] as? [String: Any])?["hex"] as? String == "04d1d2d3d4d5d6")

        scenario.advance(minutes: 5)
        let end = await scenario.run(["focus", "tap", "--tag", a, "--json"])
        #expect(end.status == 0, "\(end.error)")
        let ended = try #require(try JSONSerialization.jsonObject(with: Data(end.output.utf8)) as? [String: Any])
        #expect(ended["outcome"] as? String == "ended")
        let endedSession = try #require(ended["session"] as? [String: Any])
        #expect(endedSession["ended_by"] as? String == "tag")
        #expect(endedSession["duration_seconds"] as? Double == 300)

        // focus emergency --json: the session it ended and the budget left.
        #expect(await scenario.run(["focus", "tap", "--tag", a]).status == 0)
        scenario.advance(minutes: 1)
        let exit = await scenario.run(["focus", "emergency", "--json"])
        #expect(exit.status == 0, "\(exit.error)")
        let exited = try #require(try JSONSerialization.jsonObject(with: Data(exit.output.utf8)) as? [String: Any])
        #expect(exited["outcome"] as? String == "emergency")
        #expect((exited["session"] as? [String: Any])?["ended_by"] as? String == "emergency")
        #expect((exited["emergency"] as? [String: Any])?["remaining"] as? Int == 2)
    }
}

@Suite("tapcard focus on every tag type")
struct FocusTagTypesTests {
    /// A Type 4 tag (here a virtual NTAG 424 DNA) pairs by its GetVersion UID and chip, starts and
    /// ends a session; a generic Type 4 tag with another UID is refused.
    @Test("An NTAG 424 DNA pairs and ends a session; another Type 4 tag does not")
    func type4TagsPair() async throws {
        let scenario = FocusScenario()
        let a = scenario.path("a.txt")
        let b = scenario.path("b.txt")
        #expect(await scenario.run(["sim", "new", "ntag424", a, "--uid", "04A1B2C3D4E580"]).status == 0)
        #expect(await scenario.run(["sim", "new", "type4", b, "--uid", "04A1B2C3D4E581"]).status == 0)
        let pair = await scenario.run(["focus", "pair", "--tag", a])
        #expect(pair.status == 0, "\(pair.error)")
        #expect(pair.output.hasPrefix("Paired ntag424-dna 04:A1:B2:C3:D4:E5:80"))
        #expect(await scenario.run(["focus", "tap", "--tag", a]).status == 0)
        scenario.advance(minutes: 40)
        let wrong = await scenario.run(["focus", "tap", "--tag", b])
        #expect(wrong.status == 1)
        #expect(wrong.error.contains("This isn't your focus tag"))
        let end = await scenario.run(["focus", "tap", "--tag", a])
        #expect(end.status == 0, "\(end.error)")
        #expect(end.output.hasPrefix("Focus session ended by tag after 40 min"))
    }
}

extension FocusTagTypesTests {
    /// A Type 5 tag pairs by its 8-byte UID and chip, a FeliCa card by its IDm; each ends its own
    /// session and is refused for the other's.
    @Test("An ICODE SLIX2 and a FeliCa Lite-S pair by UID and IDm; neither ends the other's session")
    func type5AndType3TagsPair() async throws {
        let scenario = FocusScenario()
        let slix = scenario.path("slix.nfc")
        let felica = scenario.path("card.felica")
        #expect(await scenario.run(["sim", "new", "icode-slix2", slix, "--uid", "E004010812345678"]).status == 0)
        #expect(await scenario.run(["sim", "new", "felica-lite-s", felica, "--idm", "012E4CD8B1A2C3D4"]).status == 0)
        let pair = await scenario.run(["focus", "pair", "--tag", slix])
        #expect(pair.status == 0, "\(pair.error)")
        #expect(pair.output.hasPrefix("Paired icode-slix2 E0:04:01:08:12:34:56:78"))
        #expect(await scenario.run(["focus", "tap", "--tag", slix]).status == 0)
        scenario.advance(minutes: 31)
        let wrong = await scenario.run(["focus", "tap", "--tag", felica])
        #expect(wrong.status == 1)
        #expect(wrong.error.contains("This isn't your focus tag"))
        #expect(await scenario.run(["focus", "tap", "--tag", slix]).status == 0)
        let repair = await scenario.run(["focus", "pair", "--tag", felica])
        #expect(repair.status == 0, "\(repair.error)")
        #expect(repair.output.hasPrefix("Paired felica-lite-s 01:2E:4C:D8:B1:A2:C3:D4"))
    }
}
