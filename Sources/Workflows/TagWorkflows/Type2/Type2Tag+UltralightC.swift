import TagCatalog
import TagTransport
import Type2

/// MIFARE Ultralight C: the 3DES authentication over the NFC-A channel, and protect, unprotect and
/// key change with ``/Type2/UltralightCProtectPlan``. The exchange itself is the Type 2 mapping's
/// (``/Type2/UltralightCAuthentication``); this file only sends its frames.
extension Type2Tag {
    /// AUTHENTICATE with `key` (three frames, RndA fresh from the system's secure generator).
    /// Never retried: a refusal is ``/Type2/UltralightCAuthError/keyRejected(answer:)``.
    func authenticate(with key: UltralightCKey) async throws {
        guard model == .ultralightC else { throw UltralightCAuthError.noKeyOnChip(model: model) }
        var generator = SystemRandomNumberGenerator()
        let rndA = (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let exchange = try UltralightCAuthentication(key: key, rndA: rndA)
        let challenge: [UInt8]
        switch try await sendAuthenticationFrame(UltralightCAuthentication.command) {
        case .success(let bytes): challenge = bytes
        case .failure(let nak): throw UltralightCAuthError.unexpectedChallenge(answer: [nak.code])
        }
        let token = try exchange.token(answering: challenge)
        let answer: [UInt8]
        switch try await sendAuthenticationFrame(token.frame) {
        case .success(let bytes): answer = bytes
        case .failure(let nak): throw UltralightCAuthError.keyRejected(answer: [nak.code])
        }
        try exchange.verify(answer, after: token)
        isAuthenticated = true
    }

    /// A NAK's code, told apart from the answer; every other channel failure is thrown.
    private struct NAKCode: Error {
        var code: UInt8
    }

    private func sendAuthenticationFrame(_ frame: [UInt8]) async throws(ChannelError) -> Result<[UInt8], NAKCode> {
        do {
            return .success(try await send(frame))
        } catch {
            guard case .nak(let code, _) = error else { throw error }
            return .failure(NAKCode(code: code))
        }
    }

    /// AUTH0 and AUTH1 as the tag holds them now (pages 2Ah–2Bh); needs the key when reads are
    /// guarded from a page at or below 2Ah.
    public func readUltralightCAccess() async throws -> UltralightCAccess {
        let bytes: [UInt8]
        do {
            bytes = try await readPages(UltralightCAccess.auth0Page...UltralightCAccess.auth1Page)
        } catch {
            guard case .nak = error else { throw error }
            throw UltralightCProtectionError.keyRequired(firstProtectedPage: nil)
        }
        guard bytes.count == 8,
            let access = UltralightCAccess(auth0Page: Array(bytes[0..<4]), auth1Page: Array(bytes[4..<8]))
        else {
            throw ChannelError.malformedResponse(
                command: .nfcA(Type2Command.readCode), received: bytes.count, expected: 8)
        }
        return access
    }

    /// Refuses, before anything is written, a write to `pages` that the 3DES key guards when no key
    /// was authenticated (a plan that wrote the pages below AUTH0 and then met a NAK would leave
    /// the tag changed). When AUTH0/AUTH1 cannot be read (reads guarded from 2Ah or below), every
    /// page from the first one not read may be guarded.
    func requireUltralightCKey(for pages: [Int]) async throws {
        let access: UltralightCAccess
        do {
            access = try await readUltralightCAccess()
        } catch UltralightCProtectionError.keyRequired {
            let first = min(readRefusedFromPage ?? Int.max, memory.count / Type2Page.size)
            let needing = pages.filter { $0 >= first }
            guard needing.isEmpty else {
                throw UltralightCProtectionError.keyRequiredForPages(pages: needing, firstProtectedPage: nil)
            }
            return
        }
        guard let guarded = access.protectedPages else { return }
        let needing = pages.filter { guarded.contains($0) }
        guard needing.isEmpty else {
            throw UltralightCProtectionError.keyRequiredForPages(pages: needing, firstProtectedPage: guarded.lowerBound)
        }
    }

    /// Guards pages `firstPage`…2Fh with the 3DES key: writes only, or reads too. Needs ``key``
    /// when the tag is already protected. Verifies by reading AUTH0/AUTH1 back.
    public func protectWithKey(firstPage: Int, protectsReads: Bool) async throws -> UltralightCProtectionReport {
        try await changeKeyProtection { current throws(Type2ProtectError) in
            try UltralightCProtectPlan.protect(firstPage: firstPage, protectsReads: protectsReads, current: current)
        }
    }

    /// Removes the 3DES protection (AUTH0 = 30h). Needs ``key`` when the tag is protected.
    public func unprotectWithKey() async throws -> UltralightCProtectionReport {
        try await changeKeyProtection { current throws(Type2ProtectError) in
            UltralightCProtectPlan.unprotect(current: current)
        }
    }

    /// Writes `newKey` to pages 2Ch–2Fh (the switch off around it when the tag is protected).
    /// Needs ``key`` (the current one) when the tag is protected. The chip uses the new key from
    /// the next RF reset on, so it is not authenticated with here; the report says so.
    public func changeKey(to newKey: UltralightCKey) async throws -> UltralightCProtectionReport {
        try await changeKeyProtection { current throws(Type2ProtectError) in
            UltralightCProtectPlan.changeKey(to: newKey, current: current)
        }
    }

    private func changeKeyProtection(
        _ makePlan: (UltralightCAccess) throws(Type2ProtectError) -> UltralightCProtectPlan
    ) async throws -> UltralightCProtectionReport {
        let identification = try await startOperation()
        guard model == .ultralightC else { throw UltralightCAuthError.noKeyOnChip(model: model) }
        let current = try await readUltralightCAccess()
        if current.isProtected && !isAuthenticated {
            throw UltralightCProtectionError.keyRequired(firstProtectedPage: current.auth0)
        }
        // Pages 0–3 (the UID) are readable here: free, or guarded and authenticated.
        try await readHeader(pages: 4)
        let uid = currentSnapshot(stopAfterNDEF: true).uid
        let plan = try makePlan(current)
        do {
            try await send(writes: plan.writes)
        } catch {
            throw UltralightCProtectionError.interrupted(
                page: error.write.page, failedIndex: error.failedIndex, total: plan.writes.count,
                protectedEitherWay: [
                    plan.isProtected(afterLanded: error.failedIndex),
                    plan.isProtected(afterLanded: error.failedIndex + 1),
                ],
                keyPagesMixed: [error.failedIndex, error.failedIndex + 1].contains {
                    plan.key(afterLanded: $0) == .mixed
                }
                    || plan.writes[error.failedIndex].role == .password,
                cause: error.cause)
        }
        let writeStatistics = takeStatistics()
        let after = try await readUltralightCAccess()
        guard after == plan.final else {
            throw UltralightCProtectionError.verificationFailed(expected: plan.final, read: after)
        }
        return UltralightCProtectionReport(
            uid: uid, identification: identification, before: current, after: after, writes: plan.writes,
            keyAuthenticated: isAuthenticated, writeStatistics: writeStatistics, verifyStatistics: takeStatistics())
    }
}
