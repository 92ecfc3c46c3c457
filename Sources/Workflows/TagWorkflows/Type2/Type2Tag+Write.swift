import NDEF
import TagTransport
import TapCardSupport
import Type2

extension Type2Tag {
    /// Writes `message`: preflight (formatted? writable? big enough? pages unlocked?) before any
    /// write command, then the tearing-safe page writes (only pages that change), then — with
    /// `verify` — a read-back of the pages written, the message decoded and compared record by
    /// record.
    ///
    /// Throws ``WritePreflightError`` (tag untouched), ``TagWriteError`` (which page, and whether
    /// the tag holds the old, an empty or the new message) or `ChannelError` from the reads.
    public func write(_ message: NDEFMessage, verify: Bool = true) async throws -> WriteReport {
        try await writeBytes(message.encoded(), expected: message, verify: verify)
    }

    /// Empties the tag's NDEF message (NDEF TLV length 0), with the same preflight and
    /// tearing-safe order as a write.
    public func erase(verify: Bool = true) async throws -> WriteReport {
        try await writeBytes([], expected: NDEFMessage(records: []), verify: verify)
    }

    private func writeBytes(_ bytes: [UInt8], expected: NDEFMessage, verify: Bool) async throws -> WriteReport {
        let identification = try await startOperation()
        // The header with the first 16 data bytes: the CC and, on most tags, every TLV header.
        var snapshot = try await readNDEFArea(headerPages: 8)
        if case .passwordProtected(let page) = NDEFContent.from(snapshot) {
            // The old message lies in pages the tag will not read without the password.
            throw WritePreflightError.passwordRequired(
                pages: [page], firstProtectedPage: page, exact: true, protectsReads: true)
        }
        switch snapshot.status {
        case .notSupported: throw WritePreflightError.notFormatted
        case .readOnly: throw WritePreflightError.readOnly
        case .readWrite: break
        }
        guard bytes.count <= snapshot.capacity.bytes else {
            throw WritePreflightError.tooBig(
                needed: bytes.count, capacity: snapshot.capacity.bytes, source: snapshot.capacity.source)
        }
        // What the plan needs can grow once what it asked for is read (leftovers after the old
        // message are worth reading): read until it is met.
        for _ in 0..<4 {
            let needed = Type2WritePlan.memoryNeeded(messageLength: bytes.count, snapshot: snapshot)
            guard needed > memory.count else { break }
            try await ensureRead(upTo: needed)
            snapshot = currentSnapshot(stopAfterNDEF: true)
        }
        let before = NDEFContent.from(snapshot)
        var plan = try Self.plan(bytes, snapshot: snapshot)
        // The dynamic lock bits are read only when a page they govern is to be written.
        if plan.writes.contains(where: { snapshot.isLocked(page: $0.page) == nil }) {
            snapshot = try await readDynamicLockBytes(for: snapshot)
            plan = try Self.plan(bytes, snapshot: snapshot)
        }
        if let beyond = plan.writes.first(where: { $0.page > Type2Command.maxAddressablePage }) {
            throw Self.beyondSectorZero(page: beyond.page, command: Type2Command.writeCode, beforeWriting: true)
        }
        snapshot = try await requirePasswordAccess(for: plan.writes.map(\.page), snapshot: snapshot)
        do {
            try await send(writes: plan.writes)
        } catch {
            throw Self.interruption(error, plan: plan, oldWasEmpty: before == .empty)
        }
        let writeStatistics = takeStatistics()
        var verification = WriteReport.Verification.none
        if verify {
            verification = try await verifyWritten(plan, bytes: bytes, expected: expected)
        }
        return WriteReport(
            uid: snapshot.uid, identification: identification, messageBytes: bytes.count,
            encodedMessage: bytes, previousContent: before, capacity: snapshot.capacity,
            lengthFieldBytes: plan.lengthFieldBytes, writes: plan.writes, verification: verification,
            writeStatistics: writeStatistics, verifyStatistics: takeStatistics())
    }

    /// Reads back every page `plan` wrote (one FAST_READ from the first to the last where the
    /// chip has it) and decodes the message from those bytes and the pages read before the write
    /// that needed no change. With nothing written, the preflight read already holds the message.
    ///
    /// Verified means the bytes are the ones written *and* every record decodes strictly as its
    /// type — the very judgement (`NDEFRecord.decodeView()`) by which `read` calls a record
    /// malformed — so a record a reader would reject is never reported verified.
    private func verifyWritten(
        _ plan: Type2WritePlan, bytes: [UInt8], expected: NDEFMessage
    ) async throws -> WriteReport.Verification {
        var image = plan.finalMemory
        var verification = WriteReport.Verification.alreadyOnTag
        let written = plan.pagesWritten
        if let first = written.first, let last = written.last {
            let readBack = try await readPages(first...last)
            image.replaceSubrange(first * Type2Page.size..<(last + 1) * Type2Page.size, with: readBack)
            verification = .readBack(pages: first...last)
        }
        replaceMemory(with: image)
        let content = NDEFContent.from(currentSnapshot(stopAfterNDEF: true))
        try MessageVerification.check(
            readBytes: content.bytes, message: content.message, expectedBytes: bytes, expected: expected)
        return verification
    }

    /// The write plan, with the planner's refusals as preflight errors.
    static func plan(_ bytes: [UInt8], snapshot: Type2Snapshot) throws -> Type2WritePlan {
        do {
            return try Type2WritePlan.make(message: bytes, snapshot: snapshot)
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
    }

    /// What the tag holds when write `failure.failedIndex` of `plan` was not acknowledged.
    static func interruption(_ failure: PageWriteFailure, plan: Type2WritePlan, oldWasEmpty: Bool) -> TagWriteError {
        var mayHaveLanded = true
        // A NAK means the tag refused: the write did not land. Anything else may have landed.
        if case .nak = failure.cause { mayHaveLanded = false }
        let state = Interruption.state(
            roles: plan.writes.map(\.role.commitRole), failedIndex: failure.failedIndex, mayHaveLanded: mayHaveLanded,
            oldWasEmpty: oldWasEmpty)
        return .interrupted(
            page: failure.write.page, completed: failure.failedIndex, total: plan.writes.count, state: state,
            lengthPageMayBeTorn: failure.write.page == plan.lengthPage, cause: failure.cause)
    }
}

extension PageWrite.Role {
    /// The role in the tearing-safe commit order the write engine judges interruptions by.
    var commitRole: CommitRole {
        switch self {
        case .clearLength: .clearLength
        case .data: .data
        case .commit: .commit
        case .capabilityContainer, .lockBits, .configurationLock, .authenticationSwitch, .password,
            .passwordAcknowledge, .accessConfiguration:
            .other
        }
    }
}
