import TagCatalog
import Type3

extension Type3Tag {
    /// NDEF-formats a blank FeliCa Lite-S as ``/Type3/Type3FormatPlan`` plans it (nfcpy
    /// `FelicaLite._format`): MC with SYS_OP 01 (unless set) so the card answers 12FC, then the
    /// attribute block (Ver 1.0, Nbr 4, Nbw 1, Nmaxb from MC_SP, RW 01, Ln 0), one Update each;
    /// then the card is polled and read again to verify.
    ///
    /// Refused before anything is written (``Type3Refusal``, ``/Type3/Type3PlanError``): a chip that
    /// is not a Lite-S, a card already NDEF-formatted (it would only lose its message: `erase`
    /// empties it), an MC or S_PAD0 that is read-only. A format that stops part-way throws
    /// ``Type3ConfigurationInterrupted``; run again, it finishes (a landed MC step is skipped).
    public func format() async throws -> Type3FormatReport {
        beginOperation()
        let identification = try await identify()
        guard identification.model == .feliCaLiteS, let mc = try await readMemoryConfiguration() else {
            throw Type3Refusal.noProcedure(operation: "format", model: identification.model)
        }
        let block0 = try await readAttributeBlock()
        var plan = try Type3FormatPlan.make(memoryConfiguration: mc).get()
        if identification.answersNDEF, case .success(let attribute) = Type3AttributeBlock.parse(block0) {
            // The attribute block is the format's last write: when it is exactly the one this
            // format writes (empty, writable), the format is finished and a rerun sends nothing.
            // Any other attribute block (a message, another tool's) is refused.
            guard attribute == Type3FormatPlan.attributeBlock(memoryConfiguration: mc) else {
                throw Type3Refusal.alreadyFormatted(capacity: attribute.capacity)
            }
            plan.writes = []
        }
        try await commitConfiguration(plan.writes, operation: .format)
        var total = takeStatistics()
        forgetIdentification()
        let after = try await read()
        let mcAfter = try await readMemoryConfiguration()
        total.add(after.statistics)
        total.add(takeStatistics())
        return Type3FormatReport(
            identification: after.identification, idm: idm, writes: plan.writes, after: after,
            memoryConfiguration: mcAfter, statistics: total)
    }

    /// Sends labelled Updates in order through the write engine; the first one not acknowledged
    /// ends it with a ``Type3ConfigurationInterrupted`` naming what landed.
    func commitConfiguration(_ writes: [Type3ConfigurationWrite], operation: Type3ConfigurationInterrupted.Operation)
        async throws(Type3ConfigurationInterrupted)
    {
        do throws(StepFailure<Type3ConfigurationWrite, Type3Failure>) {
            try await WriteEngine.commit(
                writes,
                send: { (write: Type3ConfigurationWrite) async throws(Type3Failure) in
                    _ = try await expectSuccess(write.command(idm: idm), blocks: [write.block])
                    statistics.unitsWritten += write.bytes.count
                })
        } catch {
            throw Type3ConfigurationInterrupted(
                operation: operation, completed: writes[..<error.failedIndex].map(\.step), failed: error.step.step,
                cause: error.cause)
        }
    }
}
