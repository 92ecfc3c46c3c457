import TagCatalog
import TagTransport
import Type2

/// MIFARE Ultralight C: the 3DES authentication over the NFC-A channel, its AUTH0/AUTH1 read, and
/// its protect plans (``/Type2/UltralightCProtectPlan``). The exchange itself is the Type 2
/// mapping's (``/Type2/UltralightCAuthentication``); this file only sends its frames. What every
/// key-guarded chip shares (sending the plan, the report) is `Type2Tag+KeyProtection`.
extension Type2Tag {
    /// AUTHENTICATE with `key` (three frames, RndA fresh from the system's secure generator).
    /// Never retried: a refusal is ``/Type2/UltralightCAuthError/keyRejected(answer:)``.
    func authenticateUltralightC(with key: UltralightCKey) async throws {
        var generator = SystemRandomNumberGenerator()
        let rndA = (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let exchange = try UltralightCAuthentication(key: key, rndA: rndA)
        // The 3DES answer is checked against the token sent (its last block chains the IV).
        var sent: UltralightCAuthentication.Token?
        try await runAuthentication(
            first: UltralightCAuthentication.command,
            token: { challenge in
                let token = try exchange.token(answering: challenge)
                sent = token
                return token.frame
            },
            verify: { answer in
                guard let sent else { throw UltralightCAuthError.unexpectedChallenge(answer: answer) }
                try exchange.verify(answer, after: sent)
            },
            unexpected: { UltralightCAuthError.unexpectedChallenge(answer: $0) },
            rejected: { UltralightCAuthError.keyRejected(answer: $0) })
    }

    /// AUTH0 and AUTH1 as the tag holds them now (pages 2Ah–2Bh); needs the key when reads are
    /// guarded from a page at or below 2Ah.
    public func readUltralightCAccess() async throws -> UltralightCAccess {
        let pages = try await readKeyConfigurationPages(UltralightCAccess.auth0Page)
        guard let access = UltralightCAccess(auth0Page: pages.first, auth1Page: pages.second) else {
            throw ChannelError.malformedResponse(command: .nfcA(Type2Command.readCode), received: 8, expected: 8)
        }
        return access
    }

    /// The Ultralight C's plan for `change`, over its access as read now.
    func ultralightCPlan(_ change: KeyProtectionChange) async throws -> (KeyAccessState, any KeyProtectPlanning) {
        let current = try await readUltralightCAccess()
        try requireKeyIfProtected(current.keyAccess)
        let plan: UltralightCProtectPlan
        switch change {
        case .protect(let firstPage, let protectsReads):
            plan = try UltralightCProtectPlan.protect(
                firstPage: firstPage, protectsReads: protectsReads, current: current)
        case .unprotect:
            plan = UltralightCProtectPlan.unprotect(current: current)
        case .changeKey(let newKey):
            plan = UltralightCProtectPlan.changeKey(to: UltralightCKey(newKey), current: current)
        }
        return (current.keyAccess, plan)
    }
}
