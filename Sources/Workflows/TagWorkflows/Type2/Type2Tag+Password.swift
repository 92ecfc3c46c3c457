import TagCatalog
import TagTransport
import Type2

extension Type2Tag {
    /// Starts an operation: forgets what was read, identifies the chip and, when a password was
    /// given, presents it once (PWD_AUTH) before any other command touches memory.
    func startOperation() async throws -> ChipIdentification {
        beginOperation()
        let identification = try await identify()
        try await authenticateIfGiven()
        return identification
    }

    /// With ``key``: the chip's AUTHENTICATE (3DES or AES, see `authenticate(with:)`). Otherwise
    /// PWD_AUTH with ``password``, once. A NAK is never retried: it becomes
    /// ``PasswordError/rejected(password:authlim:attemptLimit:)`` (with AUTHLIM when the tag lets
    /// its configuration be read afterwards) or, for NAK 4h, ``PasswordError/attemptsExhausted``.
    public func authenticateIfGiven() async throws {
        if let key {
            try await authenticate(with: key)
            return
        }
        guard let password else { return }
        guard let model, PasswordScheme.of(model) != nil else { throw PasswordError.noPasswordOnChip(model: model) }
        let answer: [UInt8]
        do {
            answer = try await send([NXPCommand.passwordAuthCode] + password.bytes)
        } catch .nak(let code, _) {
            if code == 0x4 { throw PasswordError.attemptsExhausted }
            // Best effort, for the message only: a read-protected tag refuses, and a real chip
            // may have gone idle after the NAK.
            let configuration = try? await readConfigurationPages(for: currentSnapshot(stopAfterNDEF: true))
                .accessConfiguration
            throw PasswordError.rejected(
                password: password, authlim: configuration?.authlim, attemptLimit: configuration?.attemptLimit)
        }
        guard let acknowledge = PasswordAcknowledge(bytes: answer) else {
            throw ChannelError.malformedResponse(
                command: .nfcA(NXPCommand.passwordAuthCode), received: answer.count, expected: 2)
        }
        if let expectedAcknowledge, expectedAcknowledge != acknowledge {
            throw PasswordError.acknowledgeMismatch(expected: expectedAcknowledge, received: acknowledge)
        }
        receivedAcknowledge = acknowledge
        isAuthenticated = true
    }

    /// Refuses, before anything is sent, an operation whose `pages` need the password when the
    /// tag was not authenticated. Reads the configuration pages first where the chip has them
    /// and they were not read.
    func requirePasswordAccess(
        for pages: [Int], snapshot: Type2Snapshot
    ) async throws -> Type2Snapshot {
        if !isAuthenticated, !pages.isEmpty, model?.type2KeyCipher != nil {
            try await requireKey(for: pages)
            return snapshot
        }
        guard !isAuthenticated, !pages.isEmpty, let model, let scheme = PasswordScheme.of(model) else {
            return snapshot
        }
        var snapshot = snapshot
        if snapshot.accessConfiguration == nil, !configurationRefused {
            snapshot = try await readConfigurationPages(for: snapshot)
        }
        let first: Int
        let exact: Bool
        if let configuration = snapshot.accessConfiguration {
            guard let protected = configuration.protectedPages else { return snapshot }
            first = protected.lowerBound
            exact = true
        } else if let refused = snapshot.readRefusedFromPage {
            first = refused
            exact = true
        } else {
            // The configuration was refused (PROT 1, AUTH0 at or before it), but every page read
            // so far was readable: only pages not read may be protected.
            first = min(snapshot.memory.count / 4, scheme.configPage + 1)
            exact = false
        }
        let needing = pages.filter { $0 >= first && $0 <= scheme.lastPage }
        guard needing.isEmpty else {
            throw WritePreflightError.passwordRequired(
                pages: Array(Set(needing)).sorted(), firstProtectedPage: first, exact: exact,
                protectsReads: snapshot.isReadProtected || !exact)
        }
        return snapshot
    }

    /// Sets or changes the password protection (see ``/Type2/Type2ProtectPlan``). ``password`` is
    /// the tag's current password, needed when it is already protected; `request.password` the
    /// new one. Verifies by reading CFG0/CFG1 back and presenting the new password.
    public func protect(_ request: ProtectionRequest) async throws -> ProtectionReport {
        try await changeProtection(.protect(request))
    }

    /// The access configuration as the tag shows it without a password (CFG0/CFG1 readable while
    /// PROT is clear or AUTH0 lies beyond them), `nil` when it refuses or anything fails (the
    /// caller then keeps the refusal it had).
    func probeConfiguration() async -> AccessConfiguration? {
        let given = password
        password = nil
        defer { password = given }
        do {
            _ = try await startOperation()
            return try await readConfigurationPages(for: currentSnapshot(stopAfterNDEF: true)).accessConfiguration
        } catch {
            return nil
        }
    }

    /// Removes the password protection: AUTH0 off first, then PROT and AUTHLIM cleared and PWD
    /// and PACK back to factory values. Needs ``password`` when the tag is protected.
    public func unprotect() async throws -> ProtectionReport {
        try await changeProtection(.unprotect)
    }

    private func changeProtection(_ change: ProtectionChange) async throws -> ProtectionReport {
        // Planned from the tag's whole state, read before any password is presented: a tag whose
        // configuration shows it guards nothing needs no password, and presenting one it does not
        // hold would count against AUTHLIM (a torn password change leaves the new PWD with AUTH0
        // off: the old password, presented again, is refused and counted). So a password is sent
        // only to a tag the configuration shows protected, or whose configuration cannot be read
        // without it. (Not on a channel a refused read would end, the phone's: there the password
        // goes first, as before.)
        let given = password
        defer { password = given }
        if given != nil, transport.survivesRefusal, let probe = await probeConfiguration(), !probe.isProtected {
            password = nil
        }
        let identification = try await startOperation()
        guard let model, let scheme = PasswordScheme.of(model) else {
            throw ProtectionRefusal.noPasswordOnChip(model: model)
        }
        try await readHeader(pages: 4)
        let snapshot = try await readConfigurationPages(for: currentSnapshot(stopAfterNDEF: true))
        guard let configuration = snapshot.accessConfiguration else {
            throw ProtectionRefusal.currentPasswordRequired(
                firstProtectedPage: nil, configurationPage: scheme.configPage)
        }
        if configuration.isProtected && !isAuthenticated {
            throw ProtectionRefusal.currentPasswordRequired(
                firstProtectedPage: configuration.auth0, configurationPage: scheme.configPage)
        }
        let known = Type2ProtectPlan.Known(
            configuration: configuration, password: isAuthenticated ? password : nil,
            acknowledge: isAuthenticated ? receivedAcknowledge : nil)
        let plan =
            switch change {
            case .protect(let request): try Type2ProtectPlan.protect(request, known: known)
            case .unprotect: try Type2ProtectPlan.unprotect(known: known)
            }
        do {
            try await send(writes: plan.writes)
        } catch {
            throw Self.interruption(error, plan: plan)
        }
        let writeStatistics = takeStatistics()
        // Verify: the new password presented first (with PROT set, CFG0/CFG1 need it to be
        // read), then CFG0/CFG1 as the tag holds them now.
        let passwordVerified: Bool
        let readBack: [UInt8]
        do {
            passwordVerified = plan.final.isProtected ? try await presentNewPassword(of: plan) : false
            separatePages[scheme.configPage] = nil
            separatePages[scheme.accessPage] = nil
            readBack = try await readPages(scheme.configPage...scheme.accessPage)
        } catch let error as ChannelError {
            throw ProtectionVerificationFailed.readBackInterrupted(
                writes: plan.writes.count, state: plan.state(afterLanded: plan.writes.count), cause: error)
        }
        let after = AccessConfiguration(
            scheme: scheme, cfg0: Array(readBack[0..<4]), cfg1: Array(readBack[4..<8]))
        guard let after, after == plan.final else {
            throw ProtectionVerificationFailed.configuration(expected: plan.final, read: after)
        }
        return ProtectionReport(
            uid: snapshot.uid, identification: identification, before: configuration, after: after,
            writes: plan.writes, password: plan.final.isProtected ? plan.finalPassword : nil,
            acknowledge: plan.final.isProtected ? plan.finalAcknowledge : nil, passwordVerified: passwordVerified,
            writeStatistics: writeStatistics, verifyStatistics: takeStatistics())
    }

    private enum ProtectionChange {
        case protect(ProtectionRequest)
        case unprotect

        var isUnprotect: Bool {
            if case .unprotect = self { return true }
            return false
        }
    }

    static func interruption(_ failure: PageWriteFailure, plan: Type2ProtectPlan) -> ProtectionInterrupted {
        var mayHaveLanded = true
        if case .nak = failure.cause { mayHaveLanded = false }
        return ProtectionInterrupted(
            write: failure.write, failedIndex: failure.failedIndex, total: plan.writes.count,
            states: plan.possibleStates(failedIndex: failure.failedIndex, mayHaveLanded: mayHaveLanded),
            newPassword: plan.finalPassword, cause: failure.cause)
    }

    /// PWD_AUTH with the plan's password: true when the tag answers the plan's PACK.
    private func presentNewPassword(of plan: Type2ProtectPlan) async throws -> Bool {
        let answer: [UInt8]
        do {
            answer = try await send([NXPCommand.passwordAuthCode] + plan.finalPassword.bytes)
        } catch {
            if case .nak = error { throw ProtectionVerificationFailed.passwordNotAccepted(plan.finalPassword) }
            throw error
        }
        guard answer == plan.finalAcknowledge.bytes else {
            throw ProtectionVerificationFailed.acknowledge(
                expected: plan.finalAcknowledge, received: PasswordAcknowledge(bytes: answer))
        }
        return true
    }
}
