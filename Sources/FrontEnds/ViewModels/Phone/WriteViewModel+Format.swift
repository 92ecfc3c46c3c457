import CoreNFCTransport
import TagWorkflows
import Type2

extension WriteViewModel {
    /// Makes the tag an empty NDEF tag in one session, by TapCard's own driver for its channels
    /// (the desk's `format`, with the same refusals: a tag that holds a message is never
    /// formatted over), then reads it back in the same session. A MIFARE DESFire gets AN11004's
    /// NDEF application; with the key switch on, the key is its PICC master key, used only if the
    /// card wants it to create applications (and an Ultralight C's or AES's key for a guarded
    /// Type 2 tag). The defaults everywhere else: a Type 5 CC with MBREAD clear (iOS reads it), a
    /// DESFire NDEF file of 2048 bytes or what fits.
    public func format() async {
        guard !state.isWorking, !formatState.isWorking else { return }
        let credentials: Type2Credentials
        switch Type2Credentials.typed(usesKey: usesKey, key: key, usesPassword: usesPassword, password: password) {
        case .success(let typed): credentials = typed
        case .failure(let problem):
            formatState = .failed(problem.sentence)
            return
        }
        formatState = .working
        let options = FormatOptions(key: credentials.key?.bytes)
        do throws(TagSessionFailure<any Error>) {
            let outcome = try await service.withConnection(.writing) {
                connection async throws -> FormatOutcome in
                // Format is always TapCard's (iOS has none): the contract's recognizer picks the
                // driver for every channel, NFC-A included, and hands a Type 2 one the credentials.
                guard
                    let driver = Recognizer.driver(
                        for: connection, password: credentials.password, acknowledge: credentials.acknowledge,
                        key: credentials.key)
                else { throw EraseRefusal.noChannel }
                guard let formattable = driver as? any FormattableTag else {
                    throw VerbRefusal(
                        verb: "format", facts: try await driver.identifyTag(),
                        reason: "cannot be NDEF-formatted by TapCard")
                }
                let formatted = try await formattable.formatTag(options)
                let readBack = TagInfo(
                    try await driver.inspectTag(), technology: connection.technology, carrierUID: connection.uid)
                return FormatOutcome(formatted, readBack: readBack, carrierUID: connection.uid)
            }
            formatState = .done(outcome)
        } catch {
            switch error {
            case .session(let session):
                formatState = session.isCancellation ? .idle : .failed(session.sentence)
                onFailure?(session)
            case .operation(let failure):
                let sentence = PhoneWords.sentence(for: failure)
                switch failure {
                case let refusal as KeyProtectionError:
                    if case .keyRequiredForPages = refusal { keyNeeded(sentence) }
                case let refusal as DESFireFormatRefusal:
                    if case .piccKeyRefused = refusal { usesKey = true }
                case let preflight as WritePreflightError:
                    if case .passwordRequired = preflight { passwordNeeded(sentence) }
                default:
                    break
                }
                formatState = .failed(sentence)
            }
        }
    }
}
