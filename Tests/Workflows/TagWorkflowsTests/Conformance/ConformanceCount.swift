import Synchronization
import TagCatalog
import TagEmulator

/// Counts what the conformance suite ran, so `scripts/test.sh` can print verbs × models × tear
/// points (the suite prints the line once every model of both sweeps is done). The verbs are
/// the ones the sweeps actually ran, counted, never a literal.
final class ConformanceCount: Sendable {
    static let shared = ConformanceCount()

    private struct Counts {
        var write: [TagModel: Int] = [:]
        var management: [TagModel: Int] = [:]
        var protection: [String: Int] = [:]
        var protectionVerbs: Set<String> = []
    }
    private let state = Mutex(Counts())

    /// The verbs every model runs in the contract suite (identify, read, inspect, write, erase)
    /// plus the management verbs the tear sweeps ran.
    static let contractVerbs = ["identify", "read", "inspect", "write", "erase"]

    func add(model: TagModel, tearPoints: Int) {
        report { $0.write[model, default: 0] += tearPoints }
    }

    func add(model: TagModel, managementTearPoints: Int) {
        report { $0.management[model, default: 0] += managementTearPoints }
    }

    func add(protectionCase: String, verb: String, tearPoints: Int) {
        report {
            $0.protection[protectionCase, default: 0] += tearPoints
            $0.protectionVerbs.insert(verb)
        }
    }

    private func report(_ change: (inout Counts) -> Void) {
        let line: String? = state.withLock { counts in
            change(&counts)
            let all = ConformanceSuiteTests.models.count
            guard counts.write.count == all, counts.management.count == all,
                counts.protection.count == ProtectionConformanceTests.cases.count
            else { return nil }
            let writes = counts.write.values.reduce(0, +)
            let management = counts.management.values.reduce(0, +)
            let protection = counts.protection.values.reduce(0, +)
            let verbs =
                Self.contractVerbs + ManagementConformanceTests.Verb.allCases.map(\.rawValue)
                + counts.protectionVerbs.sorted()
            return
                "conformance: \(verbs.count) verbs (\(verbs.joined(separator: ", "))) × \(all) models (each verb on the models that have it); \(writes + management + protection) tear points (write, shorter write and erase: \(writes); format and lock: \(management); protect, unprotect, key changes and SDM set-up: \(protection) in \(counts.protection.count) model-operation cases; every command × \(TearMode.allCases.count) modes)"
        }
        if let line { print(line) }
    }
}
