import Focus
import FocusSessions
import Foundation
import Store
import TestSupport
import Testing

@Suite("Focus controller (state machine over the store)")
struct FocusControllerTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let home = TagIdentity(uid: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80], chip: "ntag213")
    let office = TagIdentity(uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x80], chip: "ntag215")
    let stranger = TagIdentity(uid: [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x80], chip: "ntag213")

    @Test("A refused tap after the planned end still records the timer's end")
    func refusalRecordsDueTimerEnd() throws {
        let scratch = try ScratchStore()
        let controller = FocusController(store: scratch.store)
        try controller.pair(home, at: t0)
        _ = try controller.tap(home, at: t0, plan: SessionPlan(plannedDuration: 1_800))
        #expect(throws: FocusFailure.self) { try controller.tap(stranger, at: t0.addingTimeInterval(7_200)) }
        let stored = try scratch.store.latestSession(profile: "focus")
        #expect(stored?.endReason == .timer)
        #expect(stored?.endedAt == t0.addingTimeInterval(1_800))
    }

    @Test("Pairing after a planned end passed is not refused as 'during a session'")
    func pairAfterDueSession() throws {
        let scratch = try ScratchStore()
        let controller = FocusController(store: scratch.store)
        try controller.pair(home, at: t0)
        _ = try controller.tap(home, at: t0, plan: SessionPlan(plannedDuration: 600))
        #expect(throws: FocusFailure.refused(.pairingDuringSession)) {
            try controller.pair(office, at: t0.addingTimeInterval(300))
        }
        try controller.pair(office, at: t0.addingTimeInterval(900))
        #expect(try controller.load().profile.pairedTags.count == 2)
    }

    @Test("Agreement: the stored controller and an in-memory machine agree after every input (seeded)")
    func agreesWithPureMachine() throws {
        let scratch = try ScratchStore()
        let controller = FocusController(store: scratch.store)
        var reference = FocusMachine(profile: FocusProfile(name: "focus"))
        var random = SplitMix64(seed: 0xF0C5_5707_E5EE_D001)
        var now = t0
        let tags = [home, office, stranger]
        var refusals = 0
        for step in 0..<400 {
            now = now.addingTimeInterval(Double(Int.random(in: 1...7_200, using: &random)))
            let choice = Int.random(in: 0..<10, using: &random)
            let expected: Result<String, FocusRefusal>
            let actual: Result<String, FocusFailure>
            switch choice {
            case 0:
                let tag = PairedTag(identity: tags[step % 2], location: "place \(step % 2)", pairedAt: now)
                expected = Result { () throws(FocusRefusal) in
                    reference.settle(at: now)
                    return "\(try reference.pair(tag))"
                }
                actual = Result { () throws(FocusFailure) in
                    "\(try controller.pair(tag.identity, location: tag.location, at: now))"
                }
            case 1:
                expected = Result { () throws(FocusRefusal) in "\(try reference.emergencyExit(at: now))" }
                actual = Result { () throws(FocusFailure) in "\(try controller.emergencyExit(at: now))" }
            default:
                let tag = tags[Int.random(in: 0..<3, using: &random)]
                let plan: SessionPlan? =
                    Bool.random(using: &random)
                    ? SessionPlan(
                        minimumDuration: Double(Int.random(in: 0...3_600, using: &random)),
                        plannedDuration: Double(Int.random(in: 3_600...14_400, using: &random))) : nil
                expected = Result { () throws(FocusRefusal) in
                    do throws(FocusRefusal) {
                        return "\(try reference.tap(tag, at: now, plan: plan))"
                    } catch {
                        reference.settle(at: now)
                        throw error
                    }
                }
                actual = Result { () throws(FocusFailure) in "\(try controller.tap(tag, at: now, plan: plan))" }
            }
            switch (expected, actual) {
            case (.success(let a), .success(let b)): #expect(a == b, "step \(step)")
            case (.failure(let a), .failure(let b)):
                #expect(FocusFailure.refused(a) == b, "step \(step)")
                refusals += 1
            default: Issue.record("step \(step): reference \(expected), stored \(actual)")
            }
            let stored = try controller.load()
            #expect(stored.state == reference.state, "step \(step)")
            #expect(stored.emergencyUses == reference.emergencyUses, "step \(step)")
            #expect(stored.profile.pairedTags.map(\.identity) == reference.profile.pairedTags.map(\.identity))
        }
        #expect(refusals > 20)
        #expect(try scratch.store.consistencyProblems() == [])
    }
}
