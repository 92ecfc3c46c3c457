import CoreNFCTransport
import TagWorkflows
import Type2

extension TagSessionService {
    /// Runs one of TapCard's Type 2 operations (`read`, `write`, `lock`, `protect`, `unprotect`…)
    /// on the tag presented, in one session and one connection: `Type2Tag` presents `password`
    /// with PWD_AUTH right after GET_VERSION and then sends raw page commands only, which is the
    /// only way a password holds on iOS (`writeNDEF` after PWD_AUTH fails with a "Stack Error").
    /// `body` gets the tag and the transport (for the UID and technology iOS reported).
    ///
    /// The one generic entry point instead of one service method per operation: the transport
    /// layer cannot know TapCard's workflows, and every operation is the same session around a
    /// different call.
    ///
    /// With `key`, `Type2Tag` authenticates a key-guarded chip (MIFARE Ultralight C, 3DES;
    /// Ultralight AES, AES-128) instead: AUTHENTICATE (`1A`, through the phone's raw MIFARE
    /// commands) with the cipher of the chip it identified, then raw page commands.
    public func withType2Tag<Result: Sendable>(
        _ operation: NFCOperation, password: Type2Password? = nil, acknowledge: PasswordAcknowledge? = nil,
        key: Type2AuthenticationKey? = nil,
        _ body: (Type2Tag<PhoneTagTransport>, PhoneTagTransport) async throws -> Result
    ) async throws(TagSessionFailure<any Error>) -> Result {
        try await withTransport(operation) { transport in
            try await body(
                Type2Tag(transport: transport, password: password, expectedAcknowledge: acknowledge, key: key),
                transport)
        }
    }
}
