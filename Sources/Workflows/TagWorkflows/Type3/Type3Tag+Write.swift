import NDEF
import TagCatalog
import Type3

extension Type3Tag {
    /// Writes `message`: Polling, block 0 (and on a FeliCa Lite-S the MC block, so blocks MC_SP
    /// makes read-only are refused), refusals before any Update (not formatted, read-only, too
    /// big: figures from the attribute block), the old message (so the report can say what was
    /// replaced), then the WriteF order (attribute block with WriteF 0F, the data blocks, the
    /// attribute block with WriteF 00 and the new Ln), then — with `verify` — block 0 and the
    /// message read back, decoded and compared record by record.
    ///
    /// Throws ``Type3Refusal`` or ``/Type3/Type3PlanError`` (nothing written),
    /// ``TagWriteError/interruptedFeliCaUpdate(blocks:completed:total:state:attributeMayBeTorn:cause:)``
    /// (which Update, and whether the card holds the old, an empty or the new message), or what
    /// the reads threw (``Type3Failure``).
    public func write(_ message: NDEFMessage, verify: Bool = true) async throws -> Type3WriteReport {
        try await writeBytes(message.encoded(), expected: message, verify: verify)
    }

    /// Empties the NDEF message: one Update of the attribute block (WriteF 00, Ln 0).
    public func erase(verify: Bool = true) async throws -> Type3WriteReport {
        try await writeBytes([], expected: NDEFMessage(records: []), verify: verify)
    }

    /// The MC block of a FeliCa Lite-S (Check of 88h), `nil` for another chip.
    func readMemoryConfiguration() async throws(Type3Failure) -> FeliCaLiteSMemoryConfiguration? {
        guard model == .feliCaLiteS else { return nil }
        return FeliCaLiteSMemoryConfiguration(try await checkBlocks([FeliCaLiteS.memoryConfiguration]))
    }

    private func writeBytes(_ bytes: [UInt8], expected: NDEFMessage, verify: Bool) async throws -> Type3WriteReport {
        beginOperation()
        let identification = try await identify()
        guard identification.answersNDEF else {
            throw Type3Refusal.notFormatted(reason: Type3NDEFArea.notEnabled.notFormattedReason ?? "")
        }
        let block0 = try await readAttributeBlock()
        let attribute: Type3AttributeBlock
        switch Type3AttributeBlock.parse(block0) {
        case .success(let parsed): attribute = parsed
        case .failure(let error):
            throw Type3Refusal.notFormatted(
                reason: Type3NDEFArea.unusableAttribute(error, bytes: block0).notFormattedReason ?? "")
        }
        let mc = try await readMemoryConfiguration()
        // The plan first: a refusal (read-only, too big) comes before anything else is read.
        let service = facts?.writeService ?? 0x0009
        let plan = try Type3WritePlan.make(
            message: bytes, attribute: attribute, facts: facts, memoryConfiguration: mc, service: service
        ).get()
        let before = try await readArea(enabled: true, block0: block0)
        let previous = Self.content(of: before)
        let alreadyOnTag = before.snapshot.map { $0.isComplete && $0.message == bytes } ?? false
        let prepared = NDEFWrite.Prepared(
            previous: previous, steps: plan.writes, roles: plan.writes.map(\.role.commitRole),
            alreadyOnTag: alreadyOnTag)
        let outcome = try await NDEFWrite.run(
            prepared, bytes: bytes, expected: expected, verify: verify,
            send: { (write: Type3BlockWrite) async throws(Type3Failure) in
                _ = try await expectSuccess(write.command(idm: idm), blocks: write.blocks)
                statistics.unitsWritten += write.bytes.count
            },
            mayHaveLanded: \.mayHaveLanded,
            interrupted: { error, state in
                TagWriteError.interruptedFeliCaUpdate(
                    blocks: error.step.blocks, completed: error.failedIndex, total: prepared.steps.count,
                    state: state,
                    attributeMayBeTorn: error.step.blocks.contains(Type3Facts.attributeBlock)
                        && error.cause.mayHaveLanded, cause: error.cause)
            },
            takeStatistics: { takeStatistics() },
            readBack: {
                let after = try await readArea(enabled: true, block0: try await readAttributeBlock())
                return NDEFWrite.ReadBack(content: Self.content(of: after), scope: .bytes(bytes.count))
            })
        return Type3WriteReport(
            identification: identification, idm: idm, messageBytes: bytes.count, encodedMessage: bytes,
            previousContent: previous, capacity: .reported(attribute.capacity, model: identification.model),
            writes: outcome.steps, verification: outcome.verification, writeStatistics: outcome.writeStatistics,
            verifyStatistics: outcome.verifyStatistics)
    }
}

extension Type3BlockWrite.Role {
    /// The role in the commit order the write engine judges interruptions by.
    var commitRole: CommitRole {
        switch self {
        case .clearLength: .clearLength
        case .data: .data
        case .commit: .commit
        }
    }
}
