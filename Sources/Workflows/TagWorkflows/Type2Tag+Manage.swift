import TagTransport
import Type2

extension Type2Tag {
    /// NDEF-formats a blank tag: the empty NDEF TLV (after the chip's factory Lock Control TLV),
    /// then the one-time-programmable CC. Refuses a formatted tag and a CC with foreign bits.
    public func format() async throws -> PageOperationReport {
        beginOperation()
        let identification = try await identify()
        try await readHeader()
        try await ensureRead(upTo: 32)
        let snapshot = try await readDynamicLockBytes(for: currentSnapshot(stopAfterNDEF: true))
        let plan = try Type2FormatPlan.make(snapshot: snapshot)
        try await send(writes: plan.writes)
        return try await finish(identification: identification, writes: plan.writes)
    }

    /// Makes the tag permanently read-only (CC access 0x0F, dynamic then static lock bits, then
    /// CFGLCK where the chip has configuration pages).
    /// `confirmation` must be ``LockConfirmation/permanent``; without it nothing is sent.
    public func lock(confirmation: LockConfirmation?) async throws -> PageOperationReport {
        guard confirmation == .permanent else { throw LockRefusal.confirmationRequired }
        beginOperation()
        let identification = try await identify()
        let snapshot = try await readConfigurationPages(for: readDynamicLockBytes(for: readNDEFArea()))
        let plan = try Type2LockPlan.make(snapshot: snapshot)
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
