import Foundation
import TestSupport

/// Runs an independent implementation (a peer) for agreement tests. When the peer is missing, the
/// test fails if `TAPCARD_REQUIRE_PEERS` is set (scripts/test.sh sets it) and is skipped with a
/// printed reason otherwise.
enum Peer {
    /// True when `python3` can import `module`.
    static func pythonHas(_ module: String) -> Bool {
        (try? run(["python3", "-c", "import \(module)"]))?.status == 0
    }

    static var peersRequired: Bool { PeerProcess.peersRequired }

    /// Runs a command found on PATH; returns its exit status and standard output.
    static func run(_ command: [String]) throws -> (status: Int32, output: Data, error: Data) {
        let result = try PeerProcess.run(command)
        return (result.status, result.output, result.error)
    }
}
