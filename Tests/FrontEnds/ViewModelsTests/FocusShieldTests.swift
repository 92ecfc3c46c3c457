import Focus
import FocusSessions
import Foundation
import Testing
import ViewModels

/// Screen Time through the stand-in: shields up when a session starts, down on every kind of end,
/// and a recorded sentence whenever Screen Time does not block what the person chose.
@MainActor
@Suite("Focus shield")
struct FocusShieldTests {
    let kitchen = TagIdentity(uid: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80], chip: "ntag213")

    /// A Focus screen over a scratch store with a paired tag, the stand-in, and the saved record.
    @MainActor
    final class Setup {
        let scratch: ScratchStore
        let clock = TestClock()
        let shield: StandInShield
        let model: FocusViewModel

        init(
            authorization: ShieldAuthorization = .approved, selection: ShieldSelection? = .social,
            plan: SessionPlan = SessionPlan(), emergency: EmergencyPolicy? = nil, record: ShieldRecord? = nil,
            pair: TagIdentity
        ) throws {
            scratch = try ScratchStore()
            shield = StandInShield(authorization: authorization)
            let controller = FocusController(store: scratch.store)
            try controller.configure(
                plan: plan, emergency: emergency ?? EmergencyPolicy(allowance: 3, period: 28 * 86_400),
                at: clock.now)
            let shieldModel = FocusShieldViewModel(
                shield: shield, record: record ?? ShieldRecord(selection: selection), clock: clock.function)
            model = FocusViewModel(controller: controller, clock: clock.function, shield: shieldModel)
            model.pair(pair, location: "kitchen drawer")
        }

        var shieldModel: FocusShieldViewModel { model.shield! }
        var kinds: [ShieldEvent.Kind] { shieldModel.record.events.map(\.kind) }
    }

    @Test("Shields go up at the start and come down when the paired tag ends the session")
    func tagEnd() throws {
        let setup = try Setup(pair: kitchen)
        #expect(setup.shield.calls.isEmpty)
        setup.model.tap(kitchen)
        #expect(setup.shield.shielded == .social)
        #expect(setup.shieldModel.isShielding)
        #expect(
            setup.shieldModel.notice
                == "Blocking 3 apps and 1 category until the focus session that started at 2027-01-15 08:00:00 UTC ends."
        )
        // Refreshing during the session applies nothing twice.
        setup.clock.advance(minutes: 10)
        setup.model.refresh()
        #expect(setup.shield.calls == [.apply(.social)])
        setup.model.tap(kitchen)
        #expect(!setup.model.isFocusing)
        #expect(setup.shield.calls == [.apply(.social), .clear])
        #expect(!setup.shield.isShielding)
        #expect(setup.kinds == [.raised, .lowered])
        #expect(
            setup.shieldModel.notice
                == "Apps unblocked: your paired tag ended the focus session at 2027-01-15 08:10:00 UTC.")
    }

    @Test("The planned end lifts the shields at the next refresh, even after a relaunch")
    func timerEnd() throws {
        let setup = try Setup(plan: SessionPlan(plannedDuration: 1_800), pair: kitchen)
        setup.model.tap(kitchen)
        #expect(setup.shield.isShielding)
        setup.clock.advance(minutes: 29)
        setup.model.refresh()
        #expect(setup.shield.isShielding)
        setup.clock.advance(minutes: 2)
        // A relaunch: a new shield model from the saved record, over the same store.
        let reopened = FocusShieldViewModel(
            shield: setup.shield, record: setup.shieldModel.record, clock: setup.clock.function)
        let screen = FocusViewModel(
            controller: FocusController(store: setup.scratch.store), clock: setup.clock.function, shield: reopened)
        screen.refresh()
        #expect(screen.status?.phase == .ended)
        #expect(!setup.shield.isShielding)
        #expect(setup.shield.calls.last == .clear)
        #expect(
            reopened.notice == "Apps unblocked: the focus session reached its planned end at 2027-01-15 08:30:00 UTC.")
    }

    @Test("The emergency exit lifts the shields")
    func emergencyEnd() throws {
        let setup = try Setup(pair: kitchen)
        setup.model.tap(kitchen)
        setup.model.emergencyExit()
        #expect(!setup.model.isFocusing)
        #expect(!setup.shield.isShielding)
        #expect(setup.kinds == [.raised, .lowered])
        #expect(setup.shieldModel.notice?.contains("the emergency exit ended the focus session") == true)
    }

    @Test("A refused emergency exit and a refused early tap leave the shields up")
    func refusalsKeepShields() throws {
        let setup = try Setup(
            plan: SessionPlan(minimumDuration: 3_600), emergency: EmergencyPolicy(allowance: 0, period: 86_400),
            pair: kitchen)
        setup.model.tap(kitchen)
        setup.clock.advance(minutes: 5)
        setup.model.tap(kitchen)
        setup.model.emergencyExit()
        #expect(setup.model.isFocusing)
        #expect(setup.shield.isShielding)
        #expect(setup.shield.calls == [.apply(.social)])
    }

    @Test("A start after the owner turned access off records it and says so; the session still runs")
    func startWithAccessRevoked() async throws {
        let approvedAt = Date(timeIntervalSince1970: 1_799_990_000)
        let setup = try Setup(
            authorization: .notDetermined, record: ShieldRecord(selection: .social, lastApproved: approvedAt),
            pair: kitchen)
        setup.model.tap(kitchen)
        #expect(setup.model.isFocusing)
        #expect(setup.shield.calls.isEmpty)
        #expect(setup.kinds == [.notRaised])
        let notice = try #require(setup.shieldModel.notice)
        #expect(
            notice.hasPrefix(
                "The focus session that started at 2027-01-15 08:00:00 UTC blocks nothing: TapCard's Screen Time access is off (it was on at 2027-01-15 05:13:20 UTC; it was turned off in Settings › Screen Time since)."
            ))
        // Allowing access again mid-session puts the shields up at once.
        setup.shield.answer = .approved
        await setup.shieldModel.authorize()
        #expect(setup.shield.shielded == .social)
        #expect(setup.kinds == [.notRaised, .raised])
    }

    @Test("Never allowed and nothing chosen: each says what to do")
    func nothingToBlock() throws {
        let never = try Setup(authorization: .notDetermined, pair: kitchen)
        never.model.tap(kitchen)
        #expect(
            never.shieldModel.notice?.contains("TapCard has no Screen Time access (allow it in Focus › Blocked apps)")
                == true)
        let empty = try Setup(selection: nil, pair: kitchen)
        empty.model.tap(kitchen)
        #expect(empty.shield.calls.isEmpty)
        #expect(empty.shieldModel.notice?.contains("no apps are chosen") == true)
    }

    @Test("Access turned off during a session is recorded once, with the times")
    func accessTurnedOffMidSession() throws {
        let setup = try Setup(pair: kitchen)
        setup.model.tap(kitchen)
        setup.clock.advance(minutes: 7)
        setup.shield.ownerTurnsAccessOff()
        setup.model.refresh()
        setup.model.refresh()
        #expect(setup.kinds == [.raised, .accessTurnedOff])
        #expect(setup.shieldModel.record.events.last?.at == setup.clock.now)
        #expect(
            setup.shieldModel.notice?.contains(
                "(seen at 2027-01-15 08:07:00 UTC): iOS lifted the shields. The session keeps running") == true)
        #expect(setup.model.isFocusing)
        setup.clock.advance(minutes: 30)
        setup.model.tap(kitchen)
        #expect(setup.kinds == [.raised, .accessTurnedOff, .lowered])
    }

    @Test("Choosing fewer apps mid-session applies from the next session")
    func choiceWaitsForNextSession() throws {
        let setup = try Setup(pair: kitchen)
        setup.model.tap(kitchen)
        let nothing = ShieldSelection(data: Data(), applications: 0, categories: 0, webDomains: 0)
        setup.shieldModel.choose(nothing)
        #expect(setup.shield.shielded == .social)
        #expect(setup.shieldModel.notice?.hasPrefix("Your choice (nothing) applies from the next session") == true)
        setup.model.tap(kitchen)
        setup.shieldModel.choose(.everything)
        setup.model.tap(kitchen)
        #expect(setup.shield.shielded == .everything)
    }

    @Test("A shield that fails to go up is recorded and left clear")
    func applyFailure() throws {
        let setup = try Setup(pair: kitchen)
        setup.shield.applyFailure = .unreadableSelection(bytes: 2)
        setup.model.tap(kitchen)
        #expect(!setup.shieldModel.isShielding)
        #expect(setup.shield.calls == [.apply(.social), .clear])
        #expect(setup.shieldModel.notice?.contains("could not be read back (2 bytes stored)") == true)
    }

    @Test("The record is saved with the shield marked up before it goes up")
    func savedBeforeApply() throws {
        let scratch = try ScratchStore()
        let clock = TestClock()
        let shield = StandInShield()
        final class Saves { var raisedWhenSaved: [Bool] = [] }
        let saves = Saves()
        let shieldModel = FocusShieldViewModel(
            shield: shield, record: ShieldRecord(selection: .social),
            save: { record in saves.raisedWhenSaved.append(record.raised && shield.shielded == nil) },
            clock: clock.function)
        let model = FocusViewModel(
            controller: FocusController(store: scratch.store), clock: clock.function, shield: shieldModel)
        model.pair(kitchen)
        model.tap(kitchen)
        #expect(saves.raisedWhenSaved.contains(true))
    }
}
