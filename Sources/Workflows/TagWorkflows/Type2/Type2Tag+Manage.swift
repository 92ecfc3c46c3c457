import TagCatalog
import TagTransport
import Type2

extension Type2Tag {
    /// NDEF-formats a blank tag: the empty NDEF TLV (after the chip's factory Lock Control TLV),
    /// then the one-time-programmable CC. Refuses a formatted tag and a CC with foreign bits.
    public func format() async throws -> PageOperationReport {
        let identification = try await startOperation()
        try await readHeader()
        try await ensureRead(upTo: 32)
        let snapshot = try await readDynamicLockBytes(for: currentSnapshot(stopAfterNDEF: true))
        if snapshot.memory.count < 32, let page = snapshot.readRefusedFromPage {
            throw WritePreflightError.passwordRequired(
                pages: [page], firstProtectedPage: page, exact: true, protectsReads: true)
        }
        // Formatting never loses a message (the contract's rule, in the same words on every type).
        if snapshot.cc?.isNDEFFormatted == true,
            case .message(_, let bytes) = NDEFContent.from(try await readNDEFArea())
        {
            throw FormatRefusal.holdsMessage(messageBytes: bytes.count)
        }
        // A CC that looks formatted (E1, version 1) but gives no NDEF area a reader can use, and is
        // not TapCard's: a one-time-programmable CC whose write was cut can be left so for good.
        // Said as a CC that can never be formatted, not as a formatted tag to erase (erase calls
        // it not formatted).
        if let cc = snapshot.cc, cc.isNDEFFormatted, NDEFContent.from(snapshot) == .notFormatted,
            let model, let target = Type2FormatPlan.capabilityContainer(for: model), cc != target,
            !cc.canBeProgrammed(to: target)
        {
            throw Type2PlanError.foreignCapabilityContainer(current: cc.bytes, wanted: target.bytes)
        }
        let plan = try Type2FormatPlan.make(snapshot: snapshot)
        // Nothing to write: the tag carries TapCard's CC. It is finished only if it reads empty
        // (a half-written message is not a format's state: erase or write it).
        if plan.writes.isEmpty, let cc = snapshot.cc, NDEFContent.from(try await readNDEFArea()) != .empty {
            throw Type2PlanError.alreadyFormatted(cc: cc.bytes)
        }
        _ = try await requirePasswordAccess(for: plan.writes.map(\.page), snapshot: snapshot)
        try await send(writes: plan.writes)
        return try await finish(identification: identification, writes: plan.writes)
    }

    /// Makes the tag permanently read-only (CC access 0x0F, dynamic then static lock bits, then
    /// CFGLCK where the chip has configuration pages).
    /// `confirmation` must be ``LockConfirmation/permanent``; without it nothing is sent.
    public func lock(confirmation: LockConfirmation?) async throws -> PageOperationReport {
        guard confirmation == .permanent else { throw LockRefusal.confirmationRequired }
        let identification = try await startOperation()
        let snapshot = try await readConfigurationPages(for: readDynamicLockBytes(for: readNDEFArea()))
        if let model, let scheme = PasswordScheme.of(model), snapshot.accessConfiguration == nil {
            // CFGLCK cannot be planned without its page: a lock that leaves the configuration
            // open would let someone put a password on the locked tag later.
            throw WritePreflightError.passwordRequired(
                pages: [scheme.accessPage], firstProtectedPage: snapshot.readRefusedFromPage ?? scheme.accessPage,
                exact: snapshot.readRefusedFromPage != nil, protectsReads: true)
        }
        // A tag that reads as holding no NDEF area is not locked, unless its CC is the model's
        // NDEF CC with the access byte part-way to read-only (a lock whose CC write was cut):
        // that lock is finished. A CC damaged otherwise is said, not locked for good.
        if NDEFContent.from(snapshot) == .notFormatted, let cc = snapshot.cc {
            let target = model?.formattedCC ?? []
            let partialLock =
                target.count == 4 && Array(cc.bytes[0..<3]) == Array(target[0..<3])
                && cc.bytes[3] & ~CapabilityContainer.accessReadOnly == 0
            guard partialLock else { throw WritePreflightError.notFormatted }
        }
        let plan = try Type2LockPlan.make(snapshot: snapshot)
        // Every page the plan writes is checked before the first one (the CC, which is one-time
        // programmable) is sent: a lock completes or never starts.
        _ = try await requirePasswordAccess(for: plan.writes.map(\.page), snapshot: snapshot)
        try await send(writes: plan.writes)
        return try await finish(identification: identification, writes: plan.writes)
    }

    private func finish(identification: ChipIdentification, writes: [PageWrite]) async throws -> PageOperationReport {
        let statistics = takeStatistics()
        forgetMemory()
        let after = try await readDynamicLockBytes(for: readNDEFArea())
        var total = statistics
        total.commands += self.statistics.commands
        total.modeledMicroseconds += self.statistics.modeledMicroseconds
        _ = takeStatistics()
        return PageOperationReport(
            uid: after.uid, identification: identification, writes: writes, after: after, statistics: total)
    }
}
