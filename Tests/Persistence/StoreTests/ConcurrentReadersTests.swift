import Foundation
import Store
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Results handed back from the test's threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [[Int]] = []
    private var errors: [String] = []
    private var ready = 0
    private let done = DispatchSemaphore(value: 0)

    func add(counts value: [Int]) { lock.withLock { counts.append(value) } }
    func add(error: any Error) { lock.withLock { errors.append(String(describing: error)) } }
    func markReady() { lock.withLock { ready += 1 } }
    var readyCount: Int { lock.withLock { ready } }
    var allCounts: [[Int]] { lock.withLock { counts } }
    var allErrors: [String] { lock.withLock { errors } }
    func finished() { done.signal() }
    func wait(for threads: Int) { for _ in 0..<threads { done.wait() } }
}

@Suite("Concurrent readers")
struct ConcurrentReadersTests {
    @Test("Readers on their own connections see consistent snapshots while a writer commits")
    func readersWhileWriting() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("concurrent.sqlite")
        let tag = TagKey(uid: [0x04, 0x0C, 0x0C, 0x0C, 0x0C, 0x0C, 0x0C], chip: "ntag213")
        do {
            let store = try TapCardStore(path: path)
            try store.pairTag(tag, profile: "focus", label: nil, location: nil, signature: nil, at: Date())
        }
        let sessions = 200
        let readers = 3
        let results = Results()
        for _ in 0..<readers {
            Thread {
                defer { results.finished() }
                do {
                    let store = try TapCardStore(path: path)
                    var counts: [Int] = []
                    // Read until the writer's last session is visible and closed.
                    for _ in 0..<1_000_000 {
                        let snapshot = try store.database.readTransaction(during: "test") { () throws(StoreError) in
                            (try store.sessions(profile: "focus"), try store.consistencyProblems())
                        }
                        if !snapshot.1.isEmpty { results.add(error: StoreError.missing(what: "\(snapshot.1)")) }
                        // In one snapshot, at most the newest session is open.
                        if !snapshot.0.dropFirst().allSatisfy({ $0.endedAt != nil }) {
                            results.add(error: StoreError.missing(what: "closed older sessions"))
                        }
                        counts.append(snapshot.0.count)
                        if counts.count == 1 { results.markReady() }
                        if snapshot.0.count == sessions && snapshot.0.first?.endedAt != nil { break }
                    }
                    results.add(counts: counts)
                } catch {
                    results.add(error: error)
                }
            }.start()
        }
        Thread {
            defer { results.finished() }
            do {
                let store = try TapCardStore(path: path)
                // Start writing once every reader has taken its first snapshot, so reads overlap writes.
                for _ in 0..<20_000 where results.readyCount < readers { usleep(500) }
                let base = Date(timeIntervalSince1970: 1_800_000_000)
                for index in 0..<sessions {
                    let start = base.addingTimeInterval(Double(index) * 10)
                    try store.startSession(SessionStart(profile: "focus", tag: tag, at: start))
                    try store.endSession(
                        profile: "focus", SessionEnd(at: start.addingTimeInterval(5), reason: .tag, by: tag))
                }
            } catch {
                results.add(error: error)
            }
        }.start()
        results.wait(for: readers + 1)

        #expect(results.allErrors == [])
        let observed = results.allCounts
        #expect(observed.count == readers)
        for counts in observed {
            // Each reader's view only moves forward, from before the first write to after the last.
            #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(counts.first == 0)
            #expect(counts.last == sessions)
        }
        let distinct = Set(observed.flatMap { $0 }).count
        print(
            "concurrent readers: \(readers) readers took \(observed.flatMap { $0 }.count) snapshots while \(sessions) sessions were written, seeing \(distinct) distinct states; none blocked or failed"
        )
        let store = try TapCardStore(path: path)
        #expect(try store.sessions(profile: "focus").count == sessions)
    }
}
