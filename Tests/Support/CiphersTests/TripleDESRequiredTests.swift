import Ciphers
import TestSupport
import Testing

/// The Ultralight C suites (and `TripleDESTests`) run only where the platform's DES works; the
/// test command that requires the peers (`scripts/test.sh`, `TAPCARD_REQUIRE_PEERS`) must not let
/// them skip silently. Before this, a machine whose libcrypto refused DES passed CI with every
/// Ultralight C suite skipped.
@Suite struct TripleDESRequiredTests {
    @Test func tripleDESIsAvailableWhereThePeersAreRequired() {
        guard PeerProcess.peersRequired else { return }
        #expect(
            TripleDES.isAvailable,
            "the platform's triple DES is not usable, so the Ultralight C suites skipped; scripts/test.sh requires it")
    }
}
