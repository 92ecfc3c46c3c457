import Foundation
import TestSupport

/// Python 3 with `cryptography` as an independent EV2 oracle: it computes the reference's formulas
/// (§2.4–§2.5) itself, with its own AES and CMAC. When it is missing the test fails if
/// `TAPCARD_REQUIRE_PEERS` is set and is skipped with the reason otherwise.
enum NTAG424SecurePeer {
    static var peersRequired: Bool { PeerProcess.peersRequired }

    static let available: Bool = {
        (try? run(script: "import cryptography.hazmat.primitives.cmac", input: "")) != nil
    }()

    /// Runs `python3 -c script` with `input` on its standard input; returns its standard output.
    static func run(script: String, input: String) throws -> String {
        try PeerProcess.output(["python3", "-c", script], input: input)
    }
}
