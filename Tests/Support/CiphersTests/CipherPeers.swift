import Foundation
import TestSupport

/// The independent implementations the agreement tests compare against: OpenSSL's command line
/// (3.x, for `openssl mac … CMAC`) and Python's `cryptography` (scripts/install-test-deps.sh
/// installs both). When one is missing the test fails if `TAPCARD_REQUIRE_PEERS` is set
/// (scripts/test.sh sets it) and is skipped with the reason otherwise.
enum CipherPeers {
    static var peersRequired: Bool { PeerProcess.peersRequired }

    /// Runs a command found on PATH with `input` on its standard input; returns its standard
    /// output, or throws with its standard error when it exits non-zero.
    static func run(_ command: [String], input: String = "") throws -> String {
        try PeerProcess.output(command, input: input)
    }

    /// OpenSSL 3.x on PATH (`openssl mac` appeared in 3.0); checked once.
    static let openSSLAvailable: Bool = {
        ((try? run(["openssl", "version"])) ?? "").hasPrefix("OpenSSL 3")
    }()

    /// Python 3 with `cryptography`; checked once.
    static let cryptographyAvailable: Bool = {
        (try? run(["python3", "-c", "import cryptography.hazmat.primitives.cmac"])) != nil
    }()
}
