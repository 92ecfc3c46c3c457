import Focus
import Foundation
import Testing

/// Taps of a SUN-paired NTAG 424 DNA: the pure decision from the SUN evidence and the last
/// accepted counter.
@Suite("Focus SUN taps")
struct SUNTapTests {
    static let uid: [UInt8] = [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6]
    static let secure = TagIdentity(uid: uid, chip: "ntag424-dna")
    static let plainClone = TagIdentity(uid: uid, chip: "ntag213")

    func machine() throws -> FocusMachine {
        var machine = FocusMachine(profile: FocusProfile(name: "focus"))
        try machine.pair(
            PairedTag(identity: Self.secure, location: "kitchen drawer", pairedAt: Fixture.t0, sunSecured: true))
        return machine
    }

    func refusal(_ body: () throws(FocusRefusal) -> TapOutcome) -> FocusRefusal? {
        do throws(FocusRefusal) {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test("A verified counter above the last starts, and a higher one ends, the session")
    func accepted() throws {
        var machine = try machine()
        let started = try machine.tap(
            Self.secure, sun: .verified(uid: Self.uid, counter: 3), lastSUNCounter: 2, at: Fixture.at(minutes: 0))
        guard case .started = started else { Issue.record("not started: \(started)"); return }
        let ended = try machine.tap(
            Self.secure, sun: .verified(uid: Self.uid, counter: 4), lastSUNCounter: 3, at: Fixture.at(minutes: 5))
        guard case .ended = ended else { Issue.record("not ended: \(ended)"); return }
    }

    @Test("A counter not above the last accepted is a replay, and says so with both counters")
    func replay() throws {
        var machine = try machine()
        let before = machine
        let refused = refusal { () throws(FocusRefusal) in
            try machine.tap(
                Self.secure, sun: .verified(uid: Self.uid, counter: 7), lastSUNCounter: 7, at: Fixture.t0)
        }
        guard case .sunCounterNotIncreasing(_, _, 7, 7, nil)? = refused else {
            Issue.record("\(String(describing: refused))")
            return
        }
        #expect(refused?.sentence.contains("played back") == true)
        #expect(machine == before)
    }

    @Test("An invalid MAC is a copied or edited URL; a URL verifying for another UID too")
    func macInvalid() throws {
        var machine = try machine()
        let refused = refusal { () throws(FocusRefusal) in
            try machine.tap(Self.secure, sun: .invalid, lastSUNCounter: 1, at: Fixture.t0)
        }
        guard case .sunMacInvalid? = refused else { Issue.record("\(String(describing: refused))"); return }
        #expect(refused?.sentence.contains("MAC does not verify") == true)
        let other = refusal { () throws(FocusRefusal) in
            try machine.tap(
                Self.secure, sun: .verified(uid: [0x04, 1, 2, 3, 4, 5, 6], counter: 9), lastSUNCounter: 1,
                at: Fixture.t0)
        }
        guard case .sunMacInvalid? = other else { Issue.record("\(String(describing: other))"); return }
    }

    @Test("A SUN verified for a UID differing in any one byte, or one byte shorter or longer, is refused")
    func uidComparedAtEveryPosition() throws {
        var machine = try machine()
        let before = machine
        var others: [[UInt8]] = [Array(Self.uid.dropLast()), Self.uid + [0x00], Array(Self.uid.dropFirst())]
        for index in Self.uid.indices {
            for bit: UInt8 in [0x01, 0x80] {
                var changed = Self.uid
                changed[index] ^= bit
                others.append(changed)
            }
        }
        for other in others {
            let refused = refusal { () throws(FocusRefusal) in
                try machine.tap(Self.secure, sun: .verified(uid: other, counter: 9), lastSUNCounter: 1, at: Fixture.t0)
            }
            guard case .sunMacInvalid? = refused else {
                Issue.record("UID \(other): \(String(describing: refused))")
                continue
            }
        }
        #expect(machine == before)
    }

    @Test("Counters: the last accepted and anything below it are refused, one above is accepted")
    func counterComparedAtTheBoundary() throws {
        for (counter, last) in [(7, 7), (6, 7), (0, 7), (0xFFFFFE, 0xFFFFFF), (0, 0)] {
            var machine = try machine()
            let refused = refusal { () throws(FocusRefusal) in
                try machine.tap(
                    Self.secure, sun: .verified(uid: Self.uid, counter: counter), lastSUNCounter: last, at: Fixture.t0)
            }
            guard case .sunCounterNotIncreasing? = refused else {
                Issue.record("\(counter) after \(last): \(String(describing: refused))")
                continue
            }
        }
        for (counter, last) in [(8, 7), (1, 0), (0xFFFFFF, 0xFFFFFE)] {
            var machine = try machine()
            let outcome = try machine.tap(
                Self.secure, sun: .verified(uid: Self.uid, counter: counter), lastSUNCounter: last, at: Fixture.t0)
            guard case .started = outcome else { Issue.record("\(counter) after \(last): \(outcome)"); continue }
        }
    }

    @Test("The paired UID without SUN, or on another chip, is a UID clone")
    func uidClone() throws {
        var machine = try machine()
        let bare = refusal { () throws(FocusRefusal) in try machine.tap(Self.secure, at: Fixture.t0) }
        guard case .uidCloneOfSecureTag? = bare else { Issue.record("\(String(describing: bare))"); return }
        #expect(bare?.sentence.contains("UID clone") == true)
        let copied = refusal { () throws(FocusRefusal) in
            try machine.tap(
                Self.plainClone, sun: .verified(uid: Self.uid, counter: 50), lastSUNCounter: 1, at: Fixture.t0)
        }
        guard case .uidCloneOfSecureTag? = copied else { Issue.record("\(String(describing: copied))"); return }
        #expect(copied?.sentence.contains("ntag213") == true)
    }

    @Test("A plain pairing ignores SUN evidence, and its notice names the NTAG 424 DNA")
    func plainPairing() throws {
        var machine = try Fixture.machine()
        let outcome = try machine.tap(Fixture.kitchen, at: Fixture.t0)
        guard case .started = outcome else { Issue.record("\(outcome)"); return }
        #expect(PairingNotice.text.contains("NTAG 424 DNA"))
    }
}
