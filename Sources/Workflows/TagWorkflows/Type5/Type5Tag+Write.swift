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
        var writes = plan.writes
        if before.isComplete, before.message == bytes { writes = [] }
        do throws(StepFailure<Type5BlockWrite, Type5Failure>) {
            try await WriteEngine.commit(
                writes,
                send: { (write: Type5BlockWrite) async throws(Type5Failure) in
                    _ = try await expectSuccess(write.request, block: write.block)
                    statistics.pagesWritten.append(write.block)
                    statistics.unitsWritten += write.bytes.count
                })
        } catch {
            let state = Interruption.state(
                roles: writes.map(\.role.commitRole), failedIndex: error.failedIndex,
                mayHaveLanded: error.cause.mayHaveLanded, oldWasEmpty: previous == .empty)
            throw TagWriteError.interruptedBlockWrite(
                block: error.step.block, completed: error.failedIndex, total: writes.count, state: state,
                lengthMayBeTorn: error.step.block == plan.lengthBlock && error.cause.mayHaveLanded,
                cause: error.cause)
        }
        let writeStatistics = takeStatistics()
        var verification = Type5WriteReport.Verification.none
        if verify {
            if writes.isEmpty {
                verification = .alreadyOnTag
            } else {
                blockZero = nil
                let after = try await readSnapshot(identification, whole: false)
                let content = Self.content(of: after)
                try MessageVerification.check(
                    readBytes: content.bytes, message: content.message, expectedBytes: bytes, expected: expected)
                verification = .readBack(bytes: content.bytes?.count ?? 0)
            }
        }
        return Type5WriteReport(
            identification: identification, uid: uid, messageBytes: bytes.count, encodedMessage: bytes,
            previousContent: previous, capacity: before.capacity, lengthFieldBytes: plan.lengthFieldBytes,
            lengthBlock: plan.lengthBlock, writes: writes, verification: verification,
            writeStatistics: writeStatistics, verifyStatistics: takeStatistics())
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
