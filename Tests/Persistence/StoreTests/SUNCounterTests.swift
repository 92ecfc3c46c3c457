import Foundation
import Store
import TestSupport
import Testing

/// Verdicts handed back from the racing threads.
private final class Verdicts: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []
    func add(_ value: String) { lock.withLock { values.append(value) } }
    var all: [String] { lock.withLock { values } }
}

/// The SUN read counters of `sun verify --track` (table sun_counters, migration 5).
@Suite("SUN counters")
struct SUNCounterTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let uid: [UInt8] = [0x04, 0xDE, 0x5F, 0x1E, 0xAC, 0xC0, 0x40]

    @Test("Only a counter above the last accepted one is recorded")
    func strictlyIncreasing() throws {
        let directory = TemporaryDirectory()
        let store = try TapCardStore(path: directory.file("s.sqlite"))
        #expect(try store.lastSUNCounter(uid: uid) == nil)
        #expect(try store.acceptSUNCounter(61, uid: uid, at: t0) == .accepted(previous: nil))
        #expect(try store.acceptSUNCounter(61, uid: uid, at: t0) == .refused(lastAccepted: 61))
        #expect(try store.acceptSUNCounter(5, uid: uid, at: t0) == .refused(lastAccepted: 61))
        #expect(try store.acceptSUNCounter(62, uid: uid, at: t0) == .accepted(previous: 61))
        #expect(try store.lastSUNCounter(uid: uid) == 62)
        // Another UID has its own counter; counter 0 (a fresh tag) is accepted once.
        let other: [UInt8] = [0x04, 0x25, 0x60, 0x7A, 0x8F, 0x69, 0x80]
        #expect(try store.acceptSUNCounter(0, uid: other, at: t0) == .accepted(previous: nil))
        #expect(try store.acceptSUNCounter(0, uid: other, at: t0) == .refused(lastAccepted: 0))
        let text = try store.database.scalar(
            "SELECT uid FROM sun_counters WHERE last_counter = 62", during: "test")?.text
        #expect(text == "04de5f1eacc040")
    }

    @Test("Verifiers on their own connections racing with one counter: exactly one is told accepted")
    func racingVerifiers() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("race.sqlite")
        _ = try TapCardStore(path: path)
        let verdicts = Verdicts()
        let uid = self.uid
        let t0 = self.t0
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                let store = try TapCardStore(path: path)
                switch try store.acceptSUNCounter(100, uid: uid, at: t0) {
                case .accepted: verdicts.add("accepted")
                case .refused(let last): verdicts.add("refused \(last)")
                }
            } catch {
                verdicts.add("error \(error)")
            }
        }
        #expect(verdicts.all.filter { $0 == "accepted" }.count == 1)
        #expect(verdicts.all.filter { $0 == "refused 100" }.count == 7)
    }

    @Test("Verifiers on their own connections to one file, racing over many counters with replays: each accepted once")
    func racingOverManyCounters() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("race.sqlite")
        _ = try TapCardStore(path: path)
        var generator = SplitMix64(seed: 38)
        let race = CounterRace(
            uids: (0..<3).map { _ in generator.bytes(7) }, counters: 15, verifiers: 4, seed: 38)
        try race.expectEachCounterAcceptedOnce { try TapCardStore(path: path) }
    }
}
