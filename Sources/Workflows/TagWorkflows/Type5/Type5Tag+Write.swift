import NDEF
import TagFrames
import Type5

extension Type5Tag {
    /// Writes `message`: GET SYSTEM INFO, the CC, the data area up to the end of the NDEF TLV (so
    /// the report can say what was replaced), the block security statuses of the blocks the plan
    /// writes, refusals before any write (no CC: "format it first"; read-only by the CC or a locked
    /// block; too big: figures reported by the CC), then ``/Type5/Type5WritePlan``'s tearing-safe
    /// order (length 0, the message blocks and Terminator, the length), and — with `verify` — the
    /// CC and NDEF TLV read back, decoded and compared record by record.
    ///
    /// Throws ``/Type5/Type5PlanError`` (nothing sent), ``TagWriteError`` (which block, and
    /// whether the tag holds the old, an empty or the new message), or what the reads threw.
    public func write(_ message: NDEFMessage, verify: Bool = true) async throws -> Type5WriteReport {
        try await writeBytes(message.encoded(), expected: message, verify: verify)
    }

    /// Empties the NDEF message: the NDEF TLV's length 0 (and `03 00 FE`), the same order.
    public func erase(verify: Bool = true) async throws -> Type5WriteReport {
        try await writeBytes([], expected: NDEFMessage(records: []), verify: verify)
    }

    private func writeBytes(_ bytes: [UInt8], expected: NDEFMessage, verify: Bool) async throws -> Type5WriteReport {
        beginOperation()
        let identification = try await identify()
        var before = try await readSnapshot(identification, whole: false)
        // The plan first: a refusal (no CC, read-only, too big) comes before anything else is sent.
        var plan = try Type5WritePlan.make(message: bytes, snapshot: before).get()
        if let cc = before.cc, let last = plan.writes.map(\.block).max() {
            let through = max(last, before.ndefBlocks?.upperBound ?? 0)
            if let security = try await readBlockSecurity(through: through, extended: cc.usesExtendedCommands) {
                before.blockSecurity = security
                plan = try Type5WritePlan.make(message: bytes, snapshot: before).get()
            }
        }
        let previous = Self.content(of: before)
        let prepared = NDEFWrite.Prepared(
            previous: previous, steps: plan.writes, roles: plan.writes.map(\.role.commitRole),
            alreadyOnTag: before.isComplete && before.message == bytes)
        let outcome = try await NDEFWrite.run(
            prepared, bytes: bytes, expected: expected, verify: verify,
            send: { (write: Type5BlockWrite) async throws(Type5Failure) in
                _ = try await expectSuccess(write.request, block: write.block)
                statistics.pagesWritten.append(write.block)
                statistics.unitsWritten += write.bytes.count
            },
            mayHaveLanded: \.mayHaveLanded,
            interrupted: { error, state in
                TagWriteError.interruptedBlockWrite(
                    block: error.step.block, completed: error.failedIndex, total: prepared.steps.count,
                    state: state, lengthMayBeTorn: error.step.block == plan.lengthBlock && error.cause.mayHaveLanded,
                    cause: error.cause)
            },
            takeStatistics: { takeStatistics() },
            readBack: {
                blockZero = nil
                let after = try await readSnapshot(identification, whole: false)
                let content = Self.content(of: after)
                return NDEFWrite.ReadBack(content: content, scope: .bytes(content.bytes?.count ?? 0))
            })
        return Type5WriteReport(
            identification: identification, uid: uid, messageBytes: bytes.count, encodedMessage: bytes,
            previousContent: previous, capacity: before.capacity, lengthFieldBytes: plan.lengthFieldBytes,
            lengthBlock: plan.lengthBlock, writes: outcome.steps, verification: outcome.verification,
            writeStatistics: outcome.writeStatistics, verifyStatistics: outcome.verifyStatistics)
    }
}

extension Type5BlockWrite.Role {
    /// The role in the commit order the write engine judges interruptions by. A format's empty
    /// NDEF TLV and the CC are not part of a message write.
    var commitRole: CommitRole {
        switch self {
        case .clearLength: .clearLength
        case .data: .data
        case .commit: .commit
        case .capabilityContainer, .emptyNDEF: .other
        }
    }
}
