import TagCatalog
import Type3

extension Type3Tag {
    /// An MC that the lock has left: S_PAD0–13 read-only (MC_SP bits 0–13 clear) and the MC and
    /// system blocks read-only (MC_ALL 00).
    static func isLocked(_ mc: FeliCaLiteSMemoryConfiguration) -> Bool {
        !mc.isMemoryConfigurationWritable && mc.readOnlyScratchPads == Array(0...13)
    }

    /// Makes a FeliCa Lite-S read-only for good, as ``/Type3/Type3LockPlan`` plans it:
    /// 1. `read-only-flag`: the attribute block with RW flag 00 (reversible on its own; skipped
    ///    when the flag is 00 already);
    /// 2. `lock-memory`: MC with S_PAD0–13 read-only and MC_ALL 00 — **permanent**: nothing can
    ///    write the MC again.
    /// Block 0 and MC are read back afterwards to verify.
    ///
    /// Refused before anything is sent without `confirmation` (``Type3Refusal/confirmationRequired``);
    /// refused before anything is written on a chip that is not a Lite-S, a card that is not
    /// NDEF-formatted, or an MC that is read-only but not locked (``/Type3/Type3PlanError``). A card
    /// locked already gets no Update. A lock that stops part-way throws
    /// ``Type3ConfigurationInterrupted`` naming the steps that landed; the same lock, run again,
    /// finishes it.
    public func lock(confirmation: LockConfirmation?) async throws -> Type3LockReport {
        guard confirmation != nil else { throw Type3Refusal.confirmationRequired }
        beginOperation()
        let identification = try await identify()
        guard identification.model == .feliCaLiteS, let mc = try await readMemoryConfiguration() else {
            throw Type3Refusal.noProcedure(operation: "lock", model: identification.model)
        }
        let block0 = try await readAttributeBlock()
        let area: Type3NDEFArea =
            switch Type3AttributeBlock.parse(block0) {
            case .success where !identification.answersNDEF: .notEnabled
            case .success(let parsed): .formatted(Type3Snapshot.make(attribute: parsed, data: []))
            case .failure(let error): .unusableAttribute(error, bytes: block0)
            }
        guard let attribute = area.snapshot?.attribute else {
            throw Type3Refusal.notFormatted(reason: area.notFormattedReason ?? "")
        }
        var writes: [Type3ConfigurationWrite] = []
        if !(attribute.isReadOnly && Self.isLocked(mc)) {
            writes = try Type3LockPlan.make(attribute: attribute, memoryConfiguration: mc).get().writes
        }
        try await commitConfiguration(writes, operation: .lock)
        let attributeAfter = try? Type3AttributeBlock.parse(try await readAttributeBlock()).get()
        let mcAfter = try await readMemoryConfiguration() ?? mc
        return Type3LockReport(
            identification: identification, idm: idm, writes: writes, attribute: attributeAfter,
            memoryConfiguration: mcAfter, statistics: takeStatistics())
    }
}
