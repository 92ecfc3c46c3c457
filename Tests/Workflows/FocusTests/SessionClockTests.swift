import Focus
import Foundation
import Testing

/// Rules frozen at the start, clones refused, and a changed wall clock caught by the monotonic
/// clock (issue 17). The machine is pure: the clocks are injected values.
@Suite("Focus sessions keep their rules and their time")
struct SessionClockTests {
    let boot = "boot-a"

    func reading(_ seconds: TimeInterval, boot: String = "boot-a") -> MonotonicReading {
        MonotonicReading(bootID: boot, sinceBoot: seconds)
    }

    @Test("The emergency policy is copied into the session: raising it mid-session grants nothing")
    func emergencyFrozen() throws {
        var machine = try Fixture.machine(emergency: EmergencyPolicy(allowance: 0))
        _ = try machine.tap(Fixture.kitchen, at: Fixture.t0)
        machine.setEmergencyPolicy(EmergencyPolicy(allowance: 1, period: 1))
        #expect(throws: FocusRefusal.self) { try machine.emergencyExit(at: Fixture.at(minutes: 1)) }
        #expect(machine.status(at: Fixture.at(minutes: 1)).emergency.allowance == 0)
    }

    @Test("A valid pairing refuses a same-UID tap whose signature is invalid or absent")
    func cloneRefused() throws {
        var machine = FocusMachine(profile: FocusProfile(name: "focus"))
        try machine.pair(PairedTag(identity: Fixture.kitchen, pairedAt: Fixture.t0, signature: .valid))
        for verdict in [SignatureCheck.invalid, .unsupported, .notChecked] {
            #expect(throws: FocusRefusal.self) { try machine.tap(Fixture.kitchen, signature: verdict, at: Fixture.t0) }
        }
        #expect(machine.profile.pairedTags[0].signature == .valid)
        #expect(throws: Never.self) { try machine.tap(Fixture.kitchen, signature: .valid, at: Fixture.t0) }
    }

    @Test("A pairing without a valid signature sets no bar")
    func noBarWithoutValid() throws {
        var machine = FocusMachine(profile: FocusProfile(name: "focus"))
        try machine.pair(PairedTag(identity: Fixture.kitchen, pairedAt: Fixture.t0, signature: .invalid))
        #expect(throws: Never.self) { try machine.tap(Fixture.kitchen, signature: .invalid, at: Fixture.t0) }
    }

    @Test("Wall clock set an hour ahead: the minimum and planned end follow the monotonic clock")
    func jumpAhead() throws {
        var machine = try Fixture.machine()
        _ = try machine.tap(
            Fixture.kitchen, at: Fixture.t0, monotonic: reading(100),
            plan: SessionPlan(minimumDuration: 30 * 60, plannedDuration: 45 * 60))
        let wall = Fixture.at(minutes: 61)
        let status = machine.status(at: wall, monotonic: reading(160))
        #expect(status.phase == .active)
        #expect(status.clock == .jumped(by: 3_600))
        #expect(status.sentence.contains("set ahead by 1 h"))
        #expect(throws: FocusRefusal.self) { try machine.tap(Fixture.kitchen, at: wall, monotonic: reading(160)) }
        #expect(machine.settle(at: wall, monotonic: reading(160)) == nil)
    }

    @Test("Wall clock set back: the session still ends when the real time has passed")
    func jumpBack() throws {
        var machine = try Fixture.machine()
        _ = try machine.tap(
            Fixture.kitchen, at: Fixture.t0, monotonic: reading(100), plan: SessionPlan(plannedDuration: 45 * 60))
        let wall = Fixture.at(minutes: -60)
        let status = machine.status(at: wall, monotonic: reading(100 + 46 * 60))
        #expect(status.phase == .ended)
        #expect(status.session?.ending == .timer)
        let closed = machine.settle(at: wall, monotonic: reading(100 + 46 * 60))
        #expect(closed?.endedAt == Fixture.at(minutes: 45))
    }

    @Test("After a reboot the monotonic clock cannot be compared: the wall clock is used, and status says so")
    func differentBoot() throws {
        var machine = try Fixture.machine()
        _ = try machine.tap(
            Fixture.kitchen, at: Fixture.t0, monotonic: reading(100), plan: SessionPlan(minimumDuration: 30 * 60))
        let wall = Fixture.at(minutes: 31)
        let status = machine.status(at: wall, monotonic: reading(5, boot: "boot-b"))
        #expect(status.clock == .differentBoot)
        #expect(status.sentence.contains("restarted"))
        #expect(throws: Never.self) {
            try machine.tap(Fixture.kitchen, at: wall, monotonic: reading(5, boot: "boot-b"))
        }
    }

    @Test("Clocks that agree within the tolerance change nothing")
    func agree() throws {
        var machine = try Fixture.machine()
        _ = try machine.tap(Fixture.kitchen, at: Fixture.t0, monotonic: reading(100))
        #expect(machine.status(at: Fixture.at(minutes: 10), monotonic: reading(100 + 600 + 2)).clock == .agrees)
    }
}
