import Foundation
import Store
import TestSupport
import Testing

/// Verifiers racing over one counter store, as verifiers behind a load balancer do: each on its
/// own thread with its own store object (its own connection), all released at once, every one
/// offering every `(uid, counter)` pair, so each pair is offered `verifiers` times at about the
/// same moment. A verifier offers a UID's counters in increasing order (as taps arrive), the UIDs
/// interleaved in a seeded order of its own, with replays of counters it already offered (the
/// last one or an older one: an out-of-order URL) mixed in.
///
/// What must hold (``problems(in:)``): every fresh pair is accepted exactly once (the first offer
/// to commit wins, and it always finds the pair's predecessor already stored, since whoever
/// offers counter c has had its verdict on c - 1), with the exact `previous`, c - 1; every replay
/// is refused; every refusal names a stored counter not below the one offered.
struct CounterRace {
    struct Offer: Sendable {
        var uid: Int
        var counter: Int
        var replay: Bool
    }

    struct Verdict: Sendable {
        var verifier: Int
        var offer: Offer
        var acceptance: SUNCounterAcceptance
    }

    let uids: [[UInt8]]
    let counters: Int
    let verifiers: Int
    let seed: UInt64

    /// One verifier's offers, from its own seed.
    func plan(for verifier: Int) -> [Offer] {
        var generator = SplitMix64(seed: seed &+ UInt64(verifier) &* 0x9E37_79B9)
        var next = Array(repeating: 0, count: uids.count)
        var offers: [Offer] = []
        while true {
            let open = next.indices.filter { next[$0] < counters }
            guard let uid = open.randomElement(using: &generator) else { return offers }
            offers.append(Offer(uid: uid, counter: next[uid], replay: false))
            next[uid] += 1
            if Int.random(in: 0..<4, using: &generator) == 0 {
                offers.append(Offer(uid: uid, counter: Int.random(in: 0..<next[uid], using: &generator), replay: true))
            }
        }
    }

    /// Runs the race; the verdicts, and the errors of verifiers that failed.
    /// Runs the race on stores `open` makes and checks it: no store failed, every counter was
    /// accepted exactly once, and each UID ends at the last counter.
    func expectEachCounterAcceptedOnce(open: @escaping @Sendable () throws -> any SUNCounterStore) throws {
        let (verdicts, errors) = run(open: open)
        #expect(errors.isEmpty, "\(errors.prefix(5))")
        let problems = problems(in: verdicts)
        #expect(problems.isEmpty, "\(problems.prefix(10))")
        let store = try open()
        for uid in uids { #expect(try store.lastSUNCounter(uid: uid) == counters - 1) }
    }

    func run(open: @escaping @Sendable () throws -> any SUNCounterStore) -> (verdicts: [Verdict], errors: [String]) {
        let collected = Collected()
        let opened = DispatchGroup()
        let finished = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        let uids = self.uids
        for verifier in 0..<verifiers {
            let offers = plan(for: verifier)
            opened.enter()
            finished.enter()
            let thread = Thread {
                defer { finished.leave() }
                let store: any SUNCounterStore
                do {
                    store = try open()
                } catch {
                    collected.add(error: "verifier \(verifier) could not open its store: \(error)")
                    opened.leave()
                    return
                }
                opened.leave()
                start.wait()
                for offer in offers {
                    do {
                        let acceptance = try store.acceptSUNCounter(
                            offer.counter, uid: uids[offer.uid], at: Date(timeIntervalSince1970: 1_800_000_000))
                        collected.add(Verdict(verifier: verifier, offer: offer, acceptance: acceptance))
                    } catch {
                        collected.add(error: "verifier \(verifier), counter \(offer.counter): \(error)")
                    }
                }
            }
            thread.start()
        }
        opened.wait()
        for _ in 0..<verifiers { start.signal() }
        if finished.wait(timeout: .now() + 120) == .timedOut {
            collected.add(error: "the verifiers did not finish in 120 s")
        }
        return (collected.verdicts, collected.errors)
    }

    /// Everything that broke the promise, in words (empty when it held).
    func problems(in verdicts: [Verdict]) -> [String] {
        var problems: [String] = []
        let planned = (0..<verifiers).reduce(0) { $0 + plan(for: $1).count }
        if verdicts.count != planned { problems.append("\(verdicts.count) verdicts for \(planned) offers") }
        var accepted: [[Int]] = Array(repeating: Array(repeating: 0, count: counters), count: uids.count)
        for verdict in verdicts {
            let offer = verdict.offer
            switch verdict.acceptance {
            case .accepted(let previous):
                if offer.replay {
                    problems.append("verifier \(verdict.verifier): replay of counter \(offer.counter) accepted")
                }
                accepted[offer.uid][offer.counter] += 1
                let expected = offer.counter == 0 ? nil : offer.counter - 1
                if previous != expected {
                    problems.append(
                        "UID \(offer.uid) counter \(offer.counter) accepted with previous \(previous.map(String.init) ?? "nil"), not \(expected.map(String.init) ?? "nil")"
                    )
                }
            case .refused(let last):
                if last < offer.counter {
                    problems.append(
                        "UID \(offer.uid) counter \(offer.counter) refused with a lower last counter, \(last)")
                }
            }
        }
        for uid in uids.indices {
            for counter in 0..<counters where accepted[uid][counter] != 1 {
                problems.append("UID \(uid) counter \(counter) accepted \(accepted[uid][counter]) times")
            }
        }
        return problems
    }
}

/// What the racing threads hand back.
private final class Collected: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var storedVerdicts: [CounterRace.Verdict] = []
    private var storedErrors: [String] = []

    func add(_ verdict: CounterRace.Verdict) { lock.withLock { storedVerdicts.append(verdict) } }
    func add(error: String) { lock.withLock { storedErrors.append(error) } }
    var verdicts: [CounterRace.Verdict] { lock.withLock { storedVerdicts } }
    var errors: [String] { lock.withLock { storedErrors } }
}
