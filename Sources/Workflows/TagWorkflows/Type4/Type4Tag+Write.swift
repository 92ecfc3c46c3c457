import NDEF
import TagFrames
import Type4

extension Type4Tag {
    /// Writes `message`: SELECT, the CC file (its MLc, the NDEF file and its write access), the old
    /// message (so the report can say what was replaced), refusals before any write (read-only,
    /// too big: figures from the CC), then the tearing-safe UPDATE BINARY order (NLEN 00 00, the
    /// message in chunks ≤ MLc, NLEN; one UPDATE when it all fits), then — with `verify` — NLEN
    /// and the message read back, decoded and compared record by record.
    ///
    /// Throws ``/Type4/Type4PlanError`` (nothing sent), ``TagWriteError`` (which UPDATE, and whether
    /// the tag holds the old, an empty or the new message), or what the reads threw.
    public func write(_ message: NDEFMessage, verify: Bool = true) async throws -> Type4WriteReport {
        try await writeBytes(message.encoded(), expected: message, verify: verify)
    }

    /// Empties the NDEF file: NLEN 00 00, one UPDATE BINARY.
    public func erase(verify: Bool = true) async throws -> Type4WriteReport {
        try await writeBytes([], expected: NDEFMessage(records: []), verify: verify)
    }

    private func writeBytes(_ bytes: [UInt8], expected: NDEFMessage, verify: Bool) async throws -> Type4WriteReport {
        beginOperation()
        let identification = try await identify()
        let (cc, ccBytes) = try await readCapabilityContainer(whole: false)
        // The plan first: a refusal (read-only, too big) must come before anything else is read.
        let plan = try Type4WritePlan.make(
            message: bytes, cc: cc, carrierLimit: carrierLimit, chip: identification.model
        ).get()
        let before = try await readNDEFFile(cc: cc, ccBytes: ccBytes)
        let previous = Self.content(of: before)
        var writes = plan.writes
        if before.isComplete, before.message == bytes, before.messageLength == bytes.count { writes = [] }
        try await select(file: plan.file)
        do throws(StepFailure<Type4FileWrite, Type4Failure>) {
            try await WriteEngine.commit(
                writes,
                send: { (write: Type4FileWrite) async throws(Type4Failure) in
                    _ = try await expectSuccess(write.apdu, file: plan.file)
                    statistics.unitsWritten += write.bytes.count
                })
        } catch {
            let roles = writes.map(\.role.commitRole)
            let state = Interruption.state(
                roles: roles, failedIndex: error.failedIndex, mayHaveLanded: error.cause.mayHaveLanded,
                oldWasEmpty: previous == .empty)
            throw TagWriteError.interruptedUpdate(
                file: plan.file, offset: error.step.offset, bytes: error.step.bytes.count,
                completed: error.failedIndex, total: writes.count, state: state,
                lengthMayBeTorn: error.step.offset == 0 && error.cause.mayHaveLanded, cause: error.cause)
        }
        let writeStatistics = takeStatistics()
        var verification = Type4WriteReport.Verification.none
        if verify {
            if writes.isEmpty {
                verification = .alreadyOnTag
            } else {
                let after = try await readNDEFFile(cc: cc, ccBytes: ccBytes, expected: bytes.count)
                let content = Self.content(of: after)
                try MessageVerification.check(
                    readBytes: after.isEmpty ? [] : content.bytes,
                    message: after.isEmpty ? NDEFMessage(records: []) : content.message,
                    expectedBytes: bytes, expected: expected)
                verification = .readBack(bytes: after.message.count)
            }
        }
        return Type4WriteReport(
            identification: identification, uid: uid, messageBytes: bytes.count, encodedMessage: bytes,
            previousContent: previous, capacity: before.capacity, lengthFieldBytes: cc.lengthFieldBytes,
            file: plan.file, writes: writes, verification: verification, writeStatistics: writeStatistics,
            verifyStatistics: takeStatistics())
    }

}

extension Type4FileWrite.Role {
    /// The role in the commit order the write engine judges interruptions by.
    var commitRole: CommitRole {
        switch self {
        case .clearLength: .clearLength
        case .data: .data
        case .commit: .commit
        }
    }
}
