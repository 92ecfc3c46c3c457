import TagCatalog
import TagTransport
import Type2

/// What a key-guarded Type 2 chip's protect, unprotect or key change asks for.
enum KeyProtectionChange: Sendable {
    case protect(firstPage: Int, protectsReads: Bool)
    case unprotect
    case changeKey(Type2AuthenticationKey)

    var isProtect: Bool {
        if case .protect = self { return true }
        return false
    }
}

/// The key-guarded Type 2 chips (MIFARE Ultralight C, 3DES; Ultralight AES, AES-128) through one
/// path: the driver picks the cipher and the chip's access decoder and plan from the model it
/// identified; sending the plan, explaining a tear and verifying are shared. A front end gives 16
/// key bytes (``/Type2/Type2AuthenticationKey``) and never names the chip.
extension Type2Tag {
    /// AUTHENTICATE with ``key`` using the identified chip's cipher. Never retried.
    func authenticate(with key: Type2AuthenticationKey) async throws {
        switch model?.type2KeyCipher {
        case .tripleDES: try await authenticateUltralightC(with: UltralightCKey(key))
        case .aes128: try await authenticateUltralightAES(with: key)
        case nil: throw Type2KeyError.noKeyOnChip(model: model)
        }
    }

    /// A NAK's code, told apart from the answer; every other channel failure is thrown.
    struct NAKCode: Error {
        var code: UInt8
    }

    func sendAuthenticationFrame(_ frame: [UInt8]) async throws(ChannelError) -> Result<[UInt8], NAKCode> {
        do {
            return .success(try await send(frame))
        } catch {
            guard case .nak(let code, _) = error else { throw error }
            return .failure(NAKCode(code: code))
        }
    }

    /// A key chip's mutual authentication, the frames both Ultralights send: `first` (1A and the
    /// key number), the tag's challenge turned into the reader's `token`, and the tag's answer to
    /// it `verify`d. A NAK to the first frame is `unexpected`, to the token `rejected` (the key is
    /// not the tag's). Never retried.
    func runAuthentication(
        first: [UInt8], token: ([UInt8]) throws -> [UInt8], verify: ([UInt8]) throws -> Void,
        unexpected: ([UInt8]) -> any Error, rejected: ([UInt8]) -> any Error
    ) async throws {
        let challenge: [UInt8]
        switch try await sendAuthenticationFrame(first) {
        case .success(let bytes): challenge = bytes
        case .failure(let nak): throw unexpected([nak.code])
        }
        let answer: [UInt8]
        switch try await sendAuthenticationFrame(try token(challenge)) {
        case .success(let bytes): answer = bytes
        case .failure(let nak): throw rejected([nak.code])
        }
        try verify(answer)
        isAuthenticated = true
    }

    /// A key chip's two configuration pages (Ultralight C: AUTH0, AUTH1; Ultralight AES: CFG,
    /// ACCESS) as 8 bytes. A NAK is the tag guarding its reads from a page at or below them: the
    /// key is needed.
    func readKeyConfigurationPages(_ first: Int) async throws -> (first: [UInt8], second: [UInt8]) {
        let bytes: [UInt8]
        do {
            bytes = try await readPages(first...first + 1)
        } catch {
            guard case .nak = error else { throw error }
            throw KeyProtectionError.keyRequired(firstProtectedPage: nil)
        }
        guard bytes.count == 8 else {
            throw ChannelError.malformedResponse(
                command: .nfcA(Type2Command.readCode), received: bytes.count, expected: 8)
        }
        return (Array(bytes[0..<4]), Array(bytes[4..<8]))
    }

    /// The chip's protection as it holds it now, chip-neutral.
    public func readKeyAccess() async throws -> KeyAccessState {
        switch model?.type2KeyCipher {
        case .tripleDES: try await readUltralightCAccess().keyAccess
        case .aes128: try await readUltralightAESAccess().keyAccess
        case nil: throw Type2KeyError.noKeyOnChip(model: model)
        }
    }

    /// Refuses a change to a protected tag when no key was authenticated.
    func requireKeyIfProtected(_ current: KeyAccessState) throws {
        if current.isProtected && !isAuthenticated {
            throw KeyProtectionError.keyRequired(firstProtectedPage: current.auth0)
        }
    }

    /// Refuses, before anything is written, a write to `pages` that the key guards when no key
    /// was authenticated (a plan that wrote the pages below AUTH0 and then met a NAK would leave
    /// the tag changed). When the access configuration cannot be read (reads guarded from it or
    /// below), every page from the first one not read may be guarded.
    func requireKey(for pages: [Int]) async throws {
        let access: KeyAccessState
        do {
            access = try await readKeyAccess()
        } catch KeyProtectionError.keyRequired {
            let first = min(readRefusedFromPage ?? Int.max, memory.count / Type2Page.size)
            let needing = pages.filter { $0 >= first }
            guard needing.isEmpty else {
                throw KeyProtectionError.keyRequiredForPages(pages: needing, firstProtectedPage: nil, model: model)
            }
            return
        }
        guard let guarded = access.protectedPages else { return }
        let needing = pages.filter { guarded.contains($0) }
        guard needing.isEmpty else {
            throw KeyProtectionError.keyRequiredForPages(
                pages: needing, firstProtectedPage: guarded.lowerBound, model: model)
        }
    }

    /// Guards pages `firstPage`… with the key: writes only, or reads too. Needs ``key`` when the
    /// tag is already protected. Verifies by reading the access configuration back.
    public func protectWithKey(firstPage: Int, protectsReads: Bool) async throws -> KeyProtectionReport {
        try await changeKeyProtection(.protect(firstPage: firstPage, protectsReads: protectsReads))
    }

    /// Removes the key protection (AUTH0 past the last page). Needs ``key`` when the tag is
    /// protected.
    public func unprotectWithKey() async throws -> KeyProtectionReport {
        try await changeKeyProtection(.unprotect)
    }

    /// The report of a key operation whose work was done already: nothing written, the access
    /// state as read now.
    private func finishedKeyReport(_ identification: ChipIdentification) async throws -> KeyProtectionReport {
        try await readHeader(pages: 4)
        let uid = currentSnapshot(stopAfterNDEF: true).uid
        let state = try await readKeyAccess()
        return KeyProtectionReport(
            uid: uid, identification: identification, before: state, after: state, writes: [],
            keyAuthenticated: isAuthenticated, writeStatistics: takeStatistics(), verifyStatistics: CommandStatistics())
    }

    /// The key access state as the tag shows it with no key, `nil` when it refuses (reads
    /// guarded) or anything fails (the caller then keeps the refusal it had).
    func probeKeyAccess() async -> KeyAccessState? {
        let given = key
        key = nil
        defer { key = given }
        do {
            _ = try await startOperation()
            return try await readKeyAccess()
        } catch {
            return nil
        }
    }

    /// True when `error` is the tag refusing the key (3DES or AES): its NAK to our token.
    static func isKeyRefusal(_ error: any Error) -> Bool {
        if case .keyRejected? = error as? UltralightCAuthError { return true }
        if case .keyRejected? = error as? UltralightAESAuthError { return true }
        return false
    }

    /// Writes `newKey` to the chip's key pages (the switch off around it when the tag is
    /// protected). Needs ``key`` (the current one) when the tag is protected. The chip uses the new
    /// key from the next RF reset on, so it is not authenticated with here; the report says so.
    public func changeKey(to newKey: Type2AuthenticationKey) async throws -> KeyProtectionReport {
        try await changeKeyProtection(.changeKey(newKey))
    }

    private func changeKeyProtection(_ change: KeyProtectionChange) async throws -> KeyProtectionReport {
        let given = key
        defer { key = given }
        let identification: ChipIdentification
        do {
            identification = try await startOperation()
        } catch  where Self.isKeyRefusal(error) && !change.isProtect {
            // The key given was refused: the state an earlier run of this very operation left.
            // A key change that landed: the new key opens the tag, and nothing is left to write.
            if case .changeKey(let newKey) = change, newKey != given {
                key = newKey
                do {
                    let identification = try await startOperation()
                    return try await finishedKeyReport(identification)
                } catch  where Self.isKeyRefusal(error) {
                    // Neither key opens it: only an unguarded tag can still be finished (below).
                }
            }
            // An unguarded tag needs no key: an unprotect that finished, or a key change torn in
            // the key pages while the switch was off (neither key matches). A protect is never
            // sent without the key, so a tag is never guarded by a key the caller does not hold.
            key = nil
            guard let access = await probeKeyAccess(), !access.isProtected else { throw error }
            let unguarded = try await startOperation()
            if case .unprotect = change { return try await finishedKeyReport(unguarded) }
            identification = unguarded
        }
        let current: KeyAccessState
        let plan: any KeyProtectPlanning
        switch model?.type2KeyCipher {
        case .tripleDES: (current, plan) = try await ultralightCPlan(change)
        case .aes128: (current, plan) = try await ultralightAESPlan(change)
        case nil: throw Type2KeyError.noKeyOnChip(model: model)
        }
        // Pages 0–3 (the UID) are readable here: free, or guarded and authenticated.
        try await readHeader(pages: 4)
        let uid = currentSnapshot(stopAfterNDEF: true).uid
        do {
            try await send(writes: plan.writes)
        } catch {
            throw KeyProtectionError.interrupted(
                page: error.write.page, failedIndex: error.failedIndex, total: plan.writes.count,
                protectedEitherWay: [
                    plan.isProtected(afterLanded: error.failedIndex),
                    plan.isProtected(afterLanded: error.failedIndex + 1),
                ],
                keyPagesMixed: [error.failedIndex, error.failedIndex + 1].contains {
                    plan.keyPagesMixed(afterLanded: $0)
                }
                    || plan.writes[error.failedIndex].role == .password,
                cause: error.cause)
        }
        let writeStatistics = takeStatistics()
        let after = try await readKeyAccess()
        guard after == plan.finalState else {
            throw KeyProtectionError.verificationFailed(expected: plan.finalState, read: after)
        }
        return KeyProtectionReport(
            uid: uid, identification: identification, before: current, after: after, writes: plan.writes,
            keyAuthenticated: isAuthenticated, writeStatistics: writeStatistics, verifyStatistics: takeStatistics())
    }
}
