import Focus
import Foundation
import TestSupport
import Testing

@Suite("Emergency exit")
struct EmergencyExitTests {
    @Test("Ends the session, ignores the minimum, and is recorded as an emergency")
    func endsSession() throws {
        var machine = try Fixture.machine(minimum: 60 * Fixture.minute)
        _ = try machine.tap(Fixture.kitchen, at: Fixture.t0)
        let outcome = try machine.emergencyExit(at: Fixture.at(minutes: 5))
        guard case .ended(let session, let budget) = outcome else {
            Issue.record("expected an emergency end, got \(outcome)")
            return
        }
        #expect(session.ending == .emergency)
        #expect(session.endedAt == Fixture.at(minutes: 5))
        #expect(budget.remaining == 2)
        #expect(machine.emergencyUses == [Fixture.at(minutes: 5)])
    }

    @Test("Without a running session there is nothing to end, and no exit is spent")
    func noSession() throws {
        var machine = try Fixture.machine()
        #expect(throws: FocusRefusal.noActiveSession) { try machine.emergencyExit(at: Fixture.t0) }
        #expect(machine.emergencyUses.isEmpty)
    }

    @Test("Budget exhausted: refused with the next available instant; replenished by the rolling window")
    func exhaustedAndReplenished() throws {
        var machine = try Fixture.machine()
        let useDays: [Double] = [0, 3, 10]
        for day in useDays {
            let start = Fixture.t0.addingTimeInterval(day * Fixture.day)
            _ = try machine.tap(Fixture.kitchen, at: start)
            _ = try machine.emergencyExit(at: start.addingTimeInterval(Fixture.minute))
        }
        let day20 = Fixture.t0.addingTimeInterval(20 * Fixture.day)
        _ = try machine.tap(Fixture.kitchen, at: day20)
        let expectedNext = Fixture.t0.addingTimeInterval(Fixture.minute + 28 * Fixture.day)
        let before = machine
        do {
            _ = try machine.emergencyExit(at: day20.addingTimeInterval(Fixture.minute))
            Issue.record("a fourth exit within 28 days was allowed")
        } catch {
            guard case .emergencyExhausted(let budget) = error else {
                Issue.record("unexpected refusal \(error)")
                return
            }
            #expect(budget.remaining == 0)
            #expect(budget.used == 3)
            #expect(budget.nextAvailableAt == expectedNext)
            #expect(error.sentence.contains("All 3 emergency exits of the last 28 days are used"))
            #expect(error.sentence.contains("available at \(DurationText.timestamp(expectedNext))."))
        }
        #expect(machine == before)

        // One second before the first use leaves the window: still refused. At that instant: allowed.
        #expect(throws: FocusRefusal.self) { try machine.emergencyExit(at: expectedNext.addingTimeInterval(-1)) }
        let outcome = try machine.emergencyExit(at: expectedNext)
        guard case .ended(_, let budget) = outcome else {
            Issue.record("expected an emergency end, got \(outcome)")
            return
        }
        #expect(budget.remaining == 0)
        #expect(
            budget.nextAvailableAt == Fixture.t0.addingTimeInterval(3 * Fixture.day + Fixture.minute + 28 * Fixture.day)
        )
    }

    @Test("Zero allowance turns emergency exits off")
    func turnedOff() throws {
        var machine = try Fixture.machine(emergency: EmergencyPolicy(allowance: 0))
        _ = try machine.tap(Fixture.kitchen, at: Fixture.t0)
        do {
            _ = try machine.emergencyExit(at: Fixture.at(minutes: 1))
            Issue.record("an exit was allowed with allowance 0")
        } catch {
            #expect(error.sentence.hasPrefix("Emergency exits are turned off"))
        }
    }

    @Test("A due session ends by the timer; the emergency exit is not spent")
    func dueSessionSpendsNothing() throws {
        var machine = try Fixture.machine(planned: 10 * Fixture.minute)
        _ = try machine.tap(Fixture.kitchen, at: Fixture.t0)
        let outcome = try machine.emergencyExit(at: Fixture.at(minutes: 11))
        #expect(outcome == .endedByTimer(try #require(machine.state.endedSession)))
        #expect(machine.emergencyUses.isEmpty)
    }

    @Test("Property: in any window of the period, uses never exceed the allowance (seeded)")
    func budgetProperty() throws {
        var random = SplitMix64(seed: 0x5EED_F0C5)
        for _ in 0..<200 {
            let allowance = Int.random(in: 1...5, using: &random)
            let period = Double(Int.random(in: 1...30, using: &random)) * Fixture.day
            var machine = try Fixture.machine(emergency: EmergencyPolicy(allowance: allowance, period: period))
            var now = Fixture.t0
            for _ in 0..<40 {
                now = now.addingTimeInterval(Double(Int.random(in: 60...(4 * 86_400), using: &random)))
                if machine.state.activeSession == nil {
                    _ = try machine.tap(Fixture.kitchen, at: now)
                    continue
                }
                let budget = machine.emergencyBudget(at: now)
                do {
                    _ = try machine.emergencyExit(at: now)
                    #expect(budget.remaining > 0)
                } catch {
                    #expect(budget.remaining == 0)
                    let next = try #require(budget.nextAvailableAt)
                    #expect(next > now)
                    #expect(machine.emergencyBudget(at: next).remaining == 1)
                }
            }
            let uses = machine.emergencyUses
            for use in uses {
                let inWindow = uses.filter { $0 >= use && $0.timeIntervalSince(use) < period }
                #expect(inWindow.count <= allowance)
            }
        }
    }
}
