import CoreNFCTransport
import TagWorkflows
import Type2

extension WriteViewModel {
    /// Empties the tag's NDEF message in one session, by TapCard's own driver (the Type 4, 5 or 3
    /// driver the tag's channels call for; the Type 2 driver over NFC-A frames otherwise), read
    /// back to verify. With "This tag has a password" on, the Type 2 driver presents it with
    /// PWD_AUTH first (then raw page writes only, as for a write), with the same refusals as the
    /// desk: a protected tag without its password is refused before anything is written. With the
    /// key switch on, it authenticates with the tag's 16-byte key instead (Ultralight C, AES).
    public func erase() async {
        guard !state.isWorking else { return }
        let credentials: Type2Credentials
        switch Type2Credentials.typed(usesKey: usesKey, key: key, usesPassword: usesPassword, password: password) {
        case .success(let typed): credentials = typed
        case .failure(let problem):
            state = .failed(problem.sentence)
            return
        }
        state = .working
        suggestsScan = false
        passwordNote = nil
        do throws(TagSessionFailure<any Error>) {
            let report = try await service.withConnection(.writing) {
                connection async throws -> WriteReportCard in
                if let driver = PhoneDrivers.driver(for: connection) {
                    let outcome = try await driver.eraseMessage(verify: true)
                    return WriteReportCard(outcome, technology: connection.technology, carrierUID: connection.uid)
                }
                guard let transport = connection.transport else { throw EraseRefusal.noChannel }
                let tag = Type2Tag(
                    transport: transport, password: credentials.password,
                    expectedAcknowledge: credentials.acknowledge, key: credentials.key)
                let outcome = try await tag.eraseMessage(verify: true)
                return WriteReportCard(
                    outcome, technology: connection.technology, carrierUID: connection.uid,
                    passwordAcknowledge: tag.receivedAcknowledge)
            }
            state = .done(report)
        } catch {
            fail(error)
        }
    }
}
