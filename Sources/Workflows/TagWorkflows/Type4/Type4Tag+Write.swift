import NDEF
import TagCatalog
import TagFrames
import Type4

extension Type4Tag {
    /// Writes `message`: SELECT, the CC file (its MLc, the NDEF file and its write access), the old
    /// message (so the report can say what was replaced), refusals before any write (read-only,
    /// too big: figures from the CC; on an NTAG 424 DNA, an NDEF file whose write access is a key
    /// not in ``offeredKeys``, or whose SDM mirror would overwrite the new message), then the
    /// tearing-safe UPDATE BINARY order (NLEN 00 00, the message in chunks ≤ MLc, NLEN; one UPDATE
    /// when it all fits), then — with `verify` — NLEN and the message read back, decoded and
    /// compared record by record (``NDEFWrite``). With the file's key offered, the same order goes
    /// as WriteData in an AuthenticateEV2First session (chunks of at most 128 bytes, in the file's
    /// communication mode) and the read-back is ReadData in that session: the stored bytes.
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
        // A DESFire without the NDEF application: nothing to write into until it is formatted.
        if hasNDEFApplication == false { throw WritePreflightError.notFormatted }
        let (cc, ccBytes) = try await readCapabilityContainer(whole: false)
        // The plan first: a refusal (read-only, too big) must come before anything else is read.
        var plan = try Type4WritePlan.make(
            message: bytes, cc: cc, carrierLimit: carrierLimit, chip: identification.model
        ).get()
        let keyed = try await writeAccess(to: plan.file, fileBytes: bytes.count + cc.lengthFieldBytes)
        if keyed != nil {
            // WriteData carries a 7-byte header and, in MAC or FULL mode, padding and an 8-byte MAC:
            // 128-byte chunks stay inside a short APDU in every mode.
            plan = try Type4WritePlan.make(
                message: bytes, cc: cc, carrierLimit: min(carrierLimit ?? 133, 133), chip: identification.model
            ).get()
        }
        let before = try await readNDEFFile(cc: cc, ccBytes: ccBytes)
        let previous = Self.content(of: before)
        let prepared = NDEFWrite.Prepared(
            previous: previous, steps: plan.writes, roles: plan.writes.map(\.role.commitRole),
            alreadyOnTag: before.isComplete && before.message == bytes && before.messageLength == bytes.count)
        var session: NTAG424Session?
        if let keyed, !prepared.steps.isEmpty {
            session = try await authenticate(keyNumber: keyed.keyNumber, key: keyed.key)
        } else {
            try await select(file: plan.file)
        }
        let outcome = try await NDEFWrite.run(
            prepared, bytes: bytes, expected: expected, verify: verify,
            send: { (write: Type4FileWrite) async throws(Type4Failure) in
                if let keyed, var current = session {
                    defer { session = current }
                    _ = try await secureData(&current, mode: keyed.mode, answer: keyed.mode == .plain ? .plain : .mac) {
                        session throws(NTAG424SecureError) in
                        try session.writeData(
                            file: keyed.fileNumber, offset: write.offset, data: write.bytes, mode: keyed.mode)
                    }
                } else {
                    _ = try await expectSuccess(write.apdu, file: plan.file)
                }
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
                let after: Type4Snapshot
                if let keyed, var current = session {
                    defer { session = current }
                    after = try await readNDEFFileAuthenticated(&current, keyed: keyed, cc: cc, ccBytes: ccBytes)
                } else {
                    after = try await readNDEFFile(cc: cc, ccBytes: ccBytes, expected: bytes.count)
                }
                return NDEFWrite.ReadBack(content: Self.content(of: after), scope: .bytes(after.message.count))
            })
        if session != nil { forgetSelection() }
        return Type4WriteReport(
            identification: identification, uid: uid, messageBytes: bytes.count, encodedMessage: bytes,
            previousContent: previous, capacity: before.capacity, lengthFieldBytes: cc.lengthFieldBytes,
            file: plan.file, writes: outcome.steps, authenticatedKey: keyed?.keyNumber,
            verification: outcome.verification, writeStatistics: outcome.writeStatistics,
            verifyStatistics: outcome.verifyStatistics)
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

/// How a keyed write reaches an NTAG 424 DNA's NDEF file: the key it authenticates with, the
/// file's native number and its communication mode.
struct Type4KeyedAccess {
    var keyNumber: UInt8
    var key: [UInt8]
    var fileNumber: UInt8
    var mode: NTAG424CommMode
}

extension Type4Tag {
    /// On an NTAG 424 DNA, GetFileSettings of the NDEF file (file 02, E104), before any write:
    /// - SDM on, with a mirror inside the first `fileBytes` bytes the write makes (NLEN and the
    ///   message): refused, since every read would show the mirror over the new message;
    /// - write and read-write access both keys: the offered key for one of them (Write first),
    ///   else refused (``Type4WriteRefusal/writeNeedsKey(file:fileNumber:write:readWrite:)``),
    ///   instead of the tag's `69 82` part-way through.
    /// `nil`: free access, or a chip that will not tell (then it is written as before).
    func writeAccess(to file: UInt16, fileBytes: Int) async throws -> Type4KeyedAccess? {
        guard identification?.model == .ntag424DNA,
            let number = TagModel.ntag424DNA.type4?.files.first(where: { $0.identifier == file })?.number
        else { return nil }
        let data = try? await expectSuccess(NTAG424Command.getFileSettings(number), file: nil)
        forgetSelection()
        guard let data, case .success(let settings) = NTAG424FileSettings.parse(data) else { return nil }
        if case .success(let sdm) = settings.sdm, let mirror = sdm.mirrors.first(where: { $0.lowerBound < fileBytes }) {
            throw Type4WriteRefusal.sdmMirrorInside(
                file: file, fileNumber: number, messageEnd: fileBytes, mirrorStart: mirror.lowerBound)
        }
        let rights = settings.accessRights
        guard rights.write != .free, rights.readWrite != .free else { return nil }
        for condition in [rights.write, rights.readWrite] {
            if case .key(let keyNumber) = condition, let key = offeredKeys[keyNumber] {
                return Type4KeyedAccess(
                    keyNumber: keyNumber, key: key, fileNumber: number, mode: settings.communicationMode)
            }
        }
        throw Type4WriteRefusal.writeNeedsKey(
            file: file, fileNumber: number, write: rights.write.phrase, readWrite: rights.readWrite.phrase)
    }

    /// NLEN and the message by ReadData in the write's session (the stored bytes: reads in a
    /// session are not mirrored), in chunks of at most 128 bytes.
    func readNDEFFileAuthenticated(
        _ session: inout NTAG424Session, keyed: Type4KeyedAccess, cc: Type4CapabilityContainer, ccBytes: [UInt8]
    ) async throws -> Type4Snapshot {
        let field = cc.lengthFieldBytes
        let head = try await secureData(&session, mode: keyed.mode) { session throws(NTAG424SecureError) in
            try session.readData(file: keyed.fileNumber, offset: 0, length: field, mode: keyed.mode)
        }
        let (length, damaged) = try Self.messageLength(head, cc: cc, ccBytes: ccBytes)
        if let damaged { return damaged }
        var message: [UInt8] = []
        while message.count < length {
            let offset = field + message.count
            let count = min(128, length - message.count)
            message += try await secureData(&session, mode: keyed.mode) { session throws(NTAG424SecureError) in
                try session.readData(file: keyed.fileNumber, offset: offset, length: count, mode: keyed.mode)
            }
        }
        return Type4Snapshot(
            capabilityContainer: cc, capabilityContainerBytes: ccBytes, messageLength: length, message: message)
    }
}
