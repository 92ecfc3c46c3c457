import Synchronization
import TagCatalog

/// Counts what the conformance suite ran, so `scripts/test.sh` can print verbs × models × tear
/// points (the suite prints the line when the last model is done).
final class ConformanceCount: Sendable {
    static let shared = ConformanceCount()
    private let state = Mutex<[TagModel: Int]>([:])

    func add(model: TagModel, tearPoints: Int) {
        let line: String? = state.withLock { counts in
            counts[model, default: 0] += tearPoints
            guard counts.count == ConformanceSuiteTests.models.count else { return nil }
            let total = counts.values.reduce(0, +)
            return
                "conformance: 7 verbs (identify, read, inspect, write, erase, format, lock) × \(counts.count) models; \(total) tear points (write, shorter write and erase × every command × \(3) modes)"
        }
        if let line { print(line) }
    }
}
