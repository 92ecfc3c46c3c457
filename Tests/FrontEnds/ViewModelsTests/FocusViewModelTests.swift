import Focus
import FocusSessions
import Foundation
import Observation
import Store
import Testing
import ViewModels

@MainActor
@Suite("Focus view model")
struct FocusViewModelTests {
    let kitchen = TagIdentity(uid: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80], chip: "ntag213")
    let stranger = TagIdentity(uid: [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x80], chip: "ntag213")

    @Test("Pair, tap to start, wrong tag refused with its place, tap to end; history and status follow")
    func toggle() throws {
        let scratch = try ScratchStore()
        let clock = TestClock()
        let model = FocusViewModel(controller: FocusController(store: scratch.store), clock: clock.function)
        model.refresh()
        #expect(model.status?.phase == .idle)
        #expect(model.pairingNotice.contains("clone"))

        model.pair(kitchen, location: "kitchen drawer", signature: .valid)
        #expect(
            model.message?.hasPrefix("Paired ntag213 04:A1:B2:C3:D4:E5:80 (the one in the kitchen drawer).") == true)
        #expect(model.pairedTags.first?.signature == .valid)

        model.tap(kitchen, signature: .valid)
        #expect(model.isFocusing)
        #expect(model.errorMessage == nil)

        clock.advance(minutes: 5)
        model.tap(stranger)
        #expect(model.isFocusing)
        #expect(
            model.errorMessage?.hasPrefix("This isn't your focus tag — it's the one in the kitchen drawer.") == true)
        if case .notYourTag(_, let paired, _)? = model.lastRefusal {
            #expect(paired.map(\.location) == ["kitchen drawer"])
        } else {
            Issue.record("expected a wrong-tag refusal, got \(String(describing: model.lastRefusal))")
        }
        #expect(model.elapsed(at: clock.now) == 300)

        clock.advance(minutes: 20)
        model.tap(kitchen, signature: .valid)
        #expect(!model.isFocusing)
        #expect(model.errorMessage == nil)
        #expect(model.message == "Focus session ended by tag after 25 min (started 2027-01-15 08:00:00 UTC).")
        #expect(model.history.count == 1)
        #expect(model.history.first?.ending == .tag(kitchen))
    }

    @Test("A second view model on the same store (an app relaunch) sees the running session")
    func relaunch() throws {
        let scratch = try ScratchStore()
        let clock = TestClock()
        let first = FocusViewModel(controller: FocusController(store: scratch.store), clock: clock.function)
        first.pair(kitchen)
        first.tap(kitchen, plan: SessionPlan(plannedDuration: 3_600))
        clock.advance(minutes: 30)
        let reopened = try TapCardStore(path: scratch.store.path)
        let second = FocusViewModel(controller: FocusController(store: reopened), clock: clock.function)
        second.refresh()
        #expect(second.isFocusing)
        #expect(second.status?.elapsed == 1_800)
        #expect(second.status?.untilPlannedEnd == 1_800)
        clock.advance(minutes: 90)
        second.refresh()
        #expect(second.status?.phase == .ended)
        #expect(second.history.first?.ending == .timer)
    }

    @Test("Emergency exit: budget text, and the refusal when spent")
    func emergency() throws {
        let scratch = try ScratchStore()
        let clock = TestClock()
        let controller = FocusController(store: scratch.store)
        try controller.configure(
            plan: SessionPlan(), emergency: EmergencyPolicy(allowance: 1, period: 7 * 86_400), at: clock.now)
        let model = FocusViewModel(controller: controller, clock: clock.function)
        model.pair(kitchen)
        model.tap(kitchen, signature: .valid)
        model.emergencyExit()
        #expect(model.message?.contains("0 of 1 emergency exits left in any 7 days.") == true)
        #expect(model.emergencyText?.contains("The next one becomes available at 2027-01-22 08:00:00 UTC.") == true)
        model.tap(kitchen, signature: .valid)
        model.emergencyExit()
        #expect(model.isFocusing)
        #expect(model.errorMessage?.hasPrefix("All 1 emergency exits of the last 7 days are used") == true)
    }

    @Test("Observation: a tap notifies observers of status")
    func observation() throws {
        let scratch = try ScratchStore()
        let clock = TestClock()
        let model = FocusViewModel(controller: FocusController(store: scratch.store), clock: clock.function)
        model.pair(kitchen)
        final class Flag: @unchecked Sendable { var changed = false }
        let flag = Flag()
        withObservationTracking {
            _ = model.status
        } onChange: {
            flag.changed = true
        }
        model.tap(kitchen, signature: .valid)
        #expect(flag.changed)
    }
}
