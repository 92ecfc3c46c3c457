import Focus
import Foundation
import Testing

@Suite("Focus state machine")
struct FocusMachineTests {
    @Test("One paired tag toggles: idle → active → ended → active")
    func pairedTagToggles() throws {
        var machine = try Fixture.machine()
        #expect(machine.state == .idle)

        let start = try machine.tap(Fixture.kitchen, at: Fixture.at(minutes: 0))
        guard case .started(let session) = start else {
            Issue.record("expected a start, got \(start)")
            return
        }
        #expect(session.startedAt == Fixture.at(minutes: 0))
        #expect(session.startedBy == Fixture.kitchen)
        #expect(machine.state == .active(session))

        let end = try machine.tap(Fixture.kitchen, at: Fixture.at(minutes: 50))
        guard case .ended(let ended) = end else {
            Issue.record("expected an end, got \(end)")
            return
        }
        #expect(ended.ending == .tag(Fixture.kitchen))
        #expect(ended.endedAt == Fixture.at(minutes: 50))
        #expect(ended.elapsed(at: Fixture.at(minutes: 999)) == 50 * Fixture.minute)
        #expect(machine.state == .ended(ended))

        let again = try machine.tap(Fixture.kitchen, at: Fixture.at(minutes: 60))
        guard case .started(let second) = again else {
            Issue.record("expected a second start, got \(again)")
            return
        }
        #expect(second.startedAt == Fixture.at(minutes: 60))
    }

    @Test("Another tag is refused, naming where the paired tag is, and nothing changes")
    func wrongTagRefused() throws {
        var machine = try Fixture.machine()
        _ = try machine.tap(Fixture.kitchen, at: Fixture.at(minutes: 0))
        let before = machine
        #expect(
            throws: FocusRefusal.notYourTag(
                tapped: Fixture.stranger, paired: [Fixture.kitchenPairing()], runningSince: Fixture.at(minutes: 0))
        ) {
            try machine.tap(Fixture.stranger, at: Fixture.at(minutes: 5))
        }
        #expect(machine == before)
        #expect(machine.state.activeSession != nil)
        do {
            _ = try machine.tap(Fixture.stranger, at: Fixture.at(minutes: 5))
        } catch {
            #expect(
                error.sentence
                    == "This isn't your focus tag — it's the one in the kitchen drawer. Your focus session keeps running (since 2027-01-15 08:00:00 UTC)."
            )
            #expect(error.origin == .refusal)
        }
    }

    @Test("A stranger cannot start a session either")
    func wrongTagCannotStart() throws {
        var machine = try Fixture.machine()
        do {
            _ = try machine.tap(Fixture.stranger, at: Fixture.t0)
            Issue.record("a stranger started a session")
        } catch {
            #expect(error.sentence == "This isn't your focus tag — it's the one in the kitchen drawer.")
        }
        #expect(machine.state == .idle)
    }

    @Test("Without a paired tag nothing starts")
    func noPairedTag() {
        var machine = FocusMachine(profile: FocusProfile(name: "deep work"))
        #expect(throws: FocusRefusal.noPairedTag(profile: "deep work")) {
            try machine.tap(Fixture.kitchen, at: Fixture.t0)
        }
    }

    @Test("The same UID on another chip type is not the paired tag, and the refusal says why")
    func sameUIDOtherChip() throws {
        var machine = try Fixture.machine()
        let clone = TagIdentity(uid: Fixture.kitchen.uid, chip: "ntag216")
        do {
            _ = try machine.tap(clone, at: Fixture.t0)
            Issue.record("a different chip with the paired UID was accepted")
        } catch {
            #expect(error.sentence.contains("it's the one in the kitchen drawer."))
            #expect(error.sentence.contains("reports chip type ntag216, not the paired ntag213"))
        }
    }

    @Test("A rewritten paired tag is still accepted: identity has no NDEF content in it")
    func rewrittenTagAccepted() throws {
        // The machine's only input about a tag is its identity (UID + chip). A rewrite changes
        // the NDEF message and nothing else the tag reports, so the identity read after the
        // rewrite is equal to the one paired.
        var machine = try Fixture.machine()
        _ = try machine.tap(Fixture.kitchen, at: Fixture.t0)
        let readAfterRewrite = TagIdentity(uid: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80], chip: "ntag213")
        let outcome = try machine.tap(readAfterRewrite, at: Fixture.at(minutes: 30))
        #expect(outcome.session.ending == .tag(Fixture.kitchen))
    }

    @Test("Several paired tags: either one starts and ends; the refusal lists both places")
    func severalPairedTags() throws {
        var machine = try Fixture.machine()
        try machine.pair(
            PairedTag(identity: Fixture.office, label: "Office", location: "at the office", pairedAt: Fixture.t0))
        _ = try machine.tap(Fixture.kitchen, at: Fixture.t0)
        let end = try machine.tap(Fixture.office, at: Fixture.at(minutes: 10))
        #expect(end.session.ending == .tag(Fixture.office))
        #expect(end.session.startedBy == Fixture.kitchen)
        do {
            _ = try machine.tap(Fixture.stranger, at: Fixture.at(minutes: 11))
        } catch {
            #expect(
                error.sentence
                    == "This isn't your focus tag — it's the one in the kitchen drawer or the one labelled 'Office' at the office."
            )
            #expect(!error.sentence.contains("keeps running"))
        }
    }

    @Test("Pairing again updates label and location; pairing during a session is refused")
    func pairingRules() throws {
        var machine = try Fixture.machine()
        let outcome = try machine.pair(
            PairedTag(identity: Fixture.kitchen, label: "Kitchen", pairedAt: Fixture.at(minutes: 1), signature: .valid))
        guard case .updated(let tag) = outcome else {
            Issue.record("expected an update, got \(outcome)")
            return
        }
        #expect(tag.label == "Kitchen")
        #expect(tag.location == "kitchen drawer")
        #expect(tag.signature == .valid)
        #expect(machine.profile.pairedTags.count == 1)

        _ = try machine.tap(Fixture.kitchen, signature: .valid, at: Fixture.at(minutes: 2))
        let before = machine
        #expect(throws: FocusRefusal.pairingDuringSession) {
            try machine.pair(PairedTag(identity: Fixture.stranger, pairedAt: Fixture.at(minutes: 3)))
        }
        #expect(throws: FocusRefusal.pairingDuringSession) { try machine.unpair(Fixture.kitchen) }
        #expect(machine == before)
    }

    @Test("Ending before the minimum is refused with the remaining time; at the minimum it ends")
    func minimumDuration() throws {
        var machine = try Fixture.machine(minimum: 25 * Fixture.minute)
        _ = try machine.tap(Fixture.kitchen, at: Fixture.t0)
        let early = Fixture.t0.addingTimeInterval(12 * Fixture.minute + 30)
        let before = machine
        #expect(
            throws: FocusRefusal.tooEarly(
                minimum: 25 * Fixture.minute, remaining: 12 * Fixture.minute + 30,
                minimumEnd: Fixture.at(minutes: 25))
        ) {
            try machine.tap(Fixture.kitchen, at: early)
        }
        #expect(machine == before)
        do {
            _ = try machine.tap(Fixture.kitchen, at: early)
        } catch {
            #expect(error.sentence.hasPrefix("This session has a minimum of 25 min; 12 min 30 s remain (until "))
        }
        let end = try machine.tap(Fixture.kitchen, at: Fixture.at(minutes: 25))
        #expect(end.session.ending == .tag(Fixture.kitchen))
    }

    @Test("One second before the minimum end is still too early; the minimum end itself is not")
    func minimumDurationBoundary() throws {
        var machine = try Fixture.machine(minimum: 25 * Fixture.minute)
        _ = try machine.tap(Fixture.kitchen, at: Fixture.t0)
        let before = machine
        let oneSecondEarly = Fixture.at(minutes: 25).addingTimeInterval(-1)
        #expect(
            throws: FocusRefusal.tooEarly(
                minimum: 25 * Fixture.minute, remaining: 1, minimumEnd: Fixture.at(minutes: 25))
        ) {
            try machine.tap(Fixture.kitchen, at: oneSecondEarly)
        }
        #expect(machine == before)
        let end = try machine.tap(Fixture.kitchen, at: Fixture.at(minutes: 25))
        #expect(end.session.ending == .tag(Fixture.kitchen))
    }

    @Test("A per-session plan overrides the profile defaults and is validated")
    func sessionPlan() throws {
        var machine = try Fixture.machine(minimum: 5 * Fixture.minute)
        #expect(throws: FocusRefusal.self) {
            try machine.tap(
                Fixture.kitchen, at: Fixture.t0,
                plan: SessionPlan(minimumDuration: 30 * Fixture.minute, plannedDuration: 20 * Fixture.minute))
        }
        #expect(machine.state == .idle)
        let start = try machine.tap(
            Fixture.kitchen, at: Fixture.t0,
            plan: SessionPlan(minimumDuration: nil, plannedDuration: 45 * Fixture.minute))
        #expect(start.session.minimumEnd == nil)
        #expect(start.session.plannedEnd == Fixture.at(minutes: 45))
    }

    @Test("The planned end closes the session at the planned instant, even evaluated long after (asleep)")
    func plannedEndWhileAsleep() throws {
        var machine = try Fixture.machine(planned: 45 * Fixture.minute)
        _ = try machine.tap(Fixture.kitchen, at: Fixture.t0)
        let stored = machine.state  // what a store would hold when the process is killed

        // Process restarted three days later: rebuild from the stored state, then evaluate.
        var restarted = FocusMachine(profile: machine.profile, state: stored, emergencyUses: [])
        let later = Fixture.t0.addingTimeInterval(3 * Fixture.day)
        #expect(restarted.status(at: later).phase == .ended)
        let closed = restarted.settle(at: later)
        #expect(closed?.ending == .timer)
        #expect(closed?.endedAt == Fixture.at(minutes: 45))
        #expect(closed?.elapsed(at: later) == 45 * Fixture.minute)
        #expect(restarted.settle(at: later) == nil)
    }

    @Test("A tap after the planned end reports the timer's end and starts nothing")
    func tapAfterPlannedEnd() throws {
        var machine = try Fixture.machine(planned: 30 * Fixture.minute)
        _ = try machine.tap(Fixture.kitchen, at: Fixture.t0)
        let outcome = try machine.tap(Fixture.kitchen, at: Fixture.at(minutes: 31))
        guard case .endedByTimer(let session) = outcome else {
            Issue.record("expected ended-by-timer, got \(outcome)")
            return
        }
        #expect(session.endedAt == Fixture.at(minutes: 30))
        #expect(machine.state == .ended(session))
        // Before the planned end, the tag ends it as usual.
        var other = try Fixture.machine(planned: 30 * Fixture.minute)
        _ = try other.tap(Fixture.kitchen, at: Fixture.t0)
        #expect(try other.tap(Fixture.kitchen, at: Fixture.at(minutes: 29)).session.ending == .tag(Fixture.kitchen))
    }

    @Test("Elapsed time is computed from timestamps and never negative when the clock goes back")
    func elapsedComputed() throws {
        var machine = try Fixture.machine()
        _ = try machine.tap(Fixture.kitchen, at: Fixture.at(minutes: 10))
        #expect(machine.status(at: Fixture.at(minutes: 70)).elapsed == 60 * Fixture.minute)
        #expect(machine.status(at: Fixture.at(minutes: 0)).elapsed == 0)
    }
}
