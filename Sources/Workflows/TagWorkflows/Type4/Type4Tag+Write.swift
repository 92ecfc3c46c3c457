import NDEF
import TagCatalog
import TagFrames
import Type4

extension Type4Tag {
    /// Writes `message`: SELECT, the CC file (its MLc, the NDEF file and its write access), the old
    /// message (so the report can say what was replaced), refusals before any write (read-only,
    /// too big: figures from the CC; on an NTAG 424 DNA, an NDEF file whose write access is a key),
    /// then the tearing-safe UPDATE BINARY order (NLEN 00 00, the message in chunks ≤ MLc, NLEN;
    /// one UPDATE when it all fits), then — with `verify` — NLEN and the message read back,
    /// decoded and compared record by record (``NDEFWrite``).
    ///
    /// Throws ``/Type4/Type4PlanError`` or ``Type4WriteRefusal`` (nothing written),
    /// ``TagWriteError`` (which UPDATE, and whether the tag holds the old, an empty or the new
    /// message), or what the reads threw.
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
        let plan = try Type4WritePlan.make(message: bytes, cc: cc, carrierLimit: carrierLimit).get()
        try await requireFreeWriteAccess(to: plan.file)
        let before = try await readNDEFFile(cc: cc, ccBytes: ccBytes)
        let previous = Self.content(of: before)
        let prepared = NDEFWrite.Prepared(
            previous: previous, steps: plan.writes, roles: plan.writes.map(\.role.commitRole),
            alreadyOnTag: before.isComplete && before.message == bytes && before.messageLength == bytes.count)
        try await select(file: plan.file)
        let outcome = try await NDEFWrite.run(
            prepared, bytes: bytes, expected: expected, verify: verify,
            send: { (write: Type4FileWrite) async throws(Type4Failure) in
                _ = try await expectSuccess(write.apdu, file: plan.file)
                statistics.unitsWritten += write.bytes.count
            },
            mayHaveLanded: \.mayHaveLanded,
            interrupted: { error, state in
                TagWriteError.interruptedUpdate(
                    file: plan.file, offset: error.step.offset, bytes: error.step.bytes.count,
                    completed: error.failedIndex, total: prepared.steps.count, state: state,
                    lengthMayBeTorn: error.step.offset == 0 && error.cause.mayHaveLanded, cause: error.cause)
            },
            takeStatistics: { takeStatistics() },
            readBack: {
                let after = try await readNDEFFile(cc: cc, ccBytes: ccBytes, expected: bytes.count)
                return NDEFWrite.ReadBack(content: Self.content(of: after), scope: .bytes(after.message.count))
            })
        return Type4WriteReport(
            identification: identification, uid: uid, messageBytes: bytes.count, encodedMessage: bytes,
            previousContent: previous, capacity: before.capacity, lengthFieldBytes: cc.lengthFieldBytes,
            file: plan.file, writes: outcome.steps, verification: outcome.verification,
            writeStatistics: outcome.writeStatistics, verifyStatistics: outcome.verifyStatistics)
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

extension Type4Tag {
    /// On an NTAG 424 DNA, GetFileSettings of the NDEF file (file 02, E104): a write whose write
    /// and read-write access are both keys is refused here, before any UPDATE, instead of by the
    /// tag's `69 82` part-way through. A chip that will not tell (a refusal) is written as before.
    func requireFreeWriteAccess(to file: UInt16) async throws {
        guard identification?.model == .ntag424DNA,
            let number = TagModel.ntag424DNA.type4?.files.first(where: { $0.identifier == file })?.number
        else { return }
        let data = try? await expectSuccess(NTAG424Command.getFileSettings(number), file: nil)
        forgetSelection()
        guard let data, case .success(let settings) = NTAG424FileSettings.parse(data) else { return }
        let rights = settings.accessRights
        guard rights.write != .free, rights.readWrite != .free else { return }
        throw Type4WriteRefusal.writeNeedsKey(
            file: file, fileNumber: number, write: rights.write.phrase, readWrite: rights.readWrite.phrase)
    }
}
