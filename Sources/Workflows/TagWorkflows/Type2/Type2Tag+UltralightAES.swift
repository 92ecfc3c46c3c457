import TagCatalog
import TagTransport
import Type2

/// MIFARE Ultralight AES: the AES authentication over the NFC-A channel, its CFG/ACCESS read, and
/// its protect plans (``/Type2/UltralightAESProtectPlan``). The exchange itself is the Type 2
/// mapping's (``/Type2/UltralightAESAuthentication``); this file only sends its frames. What every
/// key-guarded chip shares is `Type2Tag+KeyProtection`.
extension Type2Tag {
    /// AUTHENTICATE with `key` as the DataProtKey (RndA fresh from the system's secure
    /// generator). Before it, CFG is read where the tag lets it be read: a tag with SEC_MSG_ACT set
    /// takes only CMAC-protected commands after authentication, which TapCard does not send, so
    /// it is refused and nothing more is sent. Never retried.
    func authenticateUltralightAES(with key: Type2AuthenticationKey) async throws {
        if let configuration = try? await readPages(
            UltralightAESAccess.configurationPage...UltralightAESAccess.configurationPage),
            configuration.count == 4, configuration[0] & UltralightAESFacts.secureMessagingBit != 0
        {
            throw UltralightAESAuthError.secureMessagingActive(configuration: configuration)
        }
        var generator = SystemRandomNumberGenerator()
        let rndA = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let exchange = try UltralightAESAuthentication(key: key, rndA: rndA)
        try await runAuthentication(
            first: exchange.command, token: { try exchange.token(answering: $0).frame },
            verify: { try exchange.verify($0) },
            unexpected: { UltralightAESAuthError.unexpectedChallenge(answer: $0) },
            rejected: { UltralightAESAuthError.keyRejected(answer: $0) })
    }

    /// CFG and ACCESS as the tag holds them now (pages 29h–2Ah); needs the key when reads are
    /// guarded from a page at or below 29h.
    public func readUltralightAESAccess() async throws -> UltralightAESAccess {
        let pages = try await readKeyConfigurationPages(UltralightAESAccess.configurationPage)
        guard let access = UltralightAESAccess(configurationPage: pages.first, accessPage: pages.second) else {
            throw ChannelError.malformedResponse(command: .nfcA(Type2Command.readCode), received: 8, expected: 8)
        }
        return access
    }

    /// The Ultralight AES's plan for `change`, over its access as read now.
    func ultralightAESPlan(_ change: KeyProtectionChange) async throws -> (KeyAccessState, any KeyProtectPlanning) {
        let current = try await readUltralightAESAccess()
        try requireKeyIfProtected(current.keyAccess)
        let plan: UltralightAESProtectPlan
        switch change {
        case .protect(let firstPage, let protectsReads):
            plan = try UltralightAESProtectPlan.protect(
                firstPage: firstPage, protectsReads: protectsReads, current: current)
        case .unprotect:
            plan = try UltralightAESProtectPlan.unprotect(current: current)
        case .changeKey(let newKey):
            plan = try UltralightAESProtectPlan.changeKey(to: newKey, current: current)
        }
        return (current.keyAccess, plan)
    }
}
