import NDEF
import TagTransport
import TapCardSupport
import Type2

extension Type2Tag {
    /// Writes `message`: preflight (formatted? writable? big enough? pages unlocked?) before any
    /// write command, then the tearing-safe page writes, then — with `verify` — a read-back
    /// compared record by record.
    ///
    /// Throws ``WritePreflightError`` (tag untouched), ``TagWriteError`` (which page, and whether
    /// the tag holds the old, an empty or the new message) or `TransportError` from the reads.
    public func write(_ message: NDEFMessage, verify: Bool = true) async throws -> WriteReport {
        try await writeBytes(message.encoded(), expected: message, verify: verify)
    }

    /// Empties the tag's NDEF message (NDEF TLV length 0), with the same preflight and
    /// tearing-safe order as a write.
    public func erase(verify: Bool = true) async throws -> WriteReport {
        try await writeBytes([], expected: NDEFMessage(records: []), verify: verify)
    }

    private func writeBytes(_ bytes: [UInt8], expected: NDEFMessage, verify: Bool) async throws -> WriteReport {
        beginOperation()
        let identification = try await identify()
        var snapshot = try await readNDEFArea()
        switch snapshot.status {
        case .notSupported: throw WritePreflightError.notFormatted
        case .readOnly: throw WritePreflightError.readOnly
        case .readWrite: break
        }
        guard bytes.count <= snapshot.capacity.bytes else {
            throw WritePreflightError.tooBig(
                needed: bytes.count, capacity: snapshot.capacity.bytes, source: snapshot.capacity.source)
        }
        try await ensureRead(upTo: Type2WritePlan.memoryNeeded(messageLength: bytes.count, snapshot: snapshot))
        snapshot = try await readDynamicLockBytes(for: currentSnapshot(stopAfterNDEF: true))
        let before = NDEFContent.from(snapshot)
        let plan: Type2WritePlan
        do {
            plan = try Type2WritePlan.make(message: bytes, snapshot: snapshot)
        } catch {
            switch error {
            case .pageLocked(let page): throw WritePreflightError.pageLocked(page: page)
            case .notFormatted: throw WritePreflightError.notFormatted
            case .readOnly: throw WritePreflightError.readOnly
            case .tooBig(let needed, let capacity):
                throw WritePreflightError.tooBig(needed: needed, capacity: capacity, source: snapshot.capacity.source)
            default: throw error
            }
        }
        do {
            try await send(writes: plan.writes)
        } catch {
            throw Self.interruption(error, plan: plan, oldWasEmpty: before == .empty)
        }
        let writeStatistics = takeStatistics()
        var verified = false
        if verify {
            forgetMemory()
            let readBack = NDEFContent.from(try await readNDEFArea())
            guard let readMessage = readBack.message, readMessage == expected, readBack.bytes == bytes else {
                throw TagWriteError.verificationFailed(expectedBytes: bytes.count, readBytes: readBack.bytes?.count)
            }
            verified = true
        }
        return WriteReport(
            uid: snapshot.uid, identification: identification, messageBytes: bytes.count, capacity: snapshot.capacity,
            lengthFieldBytes: plan.lengthFieldBytes, writes: plan.writes, verified: verified,
            writeStatistics: writeStatistics, verifyStatistics: takeStatistics())
    }

    /// What the tag holds when write `failure.failedIndex` of `plan` was not acknowledged.
    static func interruption(_ failure: PageWriteFailure, plan: Type2WritePlan, oldWasEmpty: Bool) -> TagWriteError {
        let writes = plan.writes
        func stateAfter(landed count: Int) -> TagStateAfterWrite {
            if count == 0 { return oldWasEmpty ? .empty : .old }
            if writes[count - 1].role == .commit { return .new }
            return .empty
        }
        let before = stateAfter(landed: failure.failedIndex)
        var state = before
        // A NAK means the tag refused: the write did not land. Anything else may have landed.
        if case .nak = failure.cause {
        } else {
            let after = stateAfter(landed: failure.failedIndex + 1)
            switch (before, after) {
            case (.old, .empty): state = .oldOrEmpty
            case (.empty, .new): state = .emptyOrNew
            case (.old, .new): state = .oldOrNew
            default: state = before
            }
        }
        return .interrupted(
            page: failure.write.page, completed: failure.failedIndex, total: writes.count, state: state,
            lengthPageMayBeTorn: failure.write.page == plan.lengthPage, cause: failure.cause)
    }
}
