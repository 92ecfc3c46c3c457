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
        // The old message may continue into pages the tag will not read without the password: a
        // new TLV that ends before them needs none of it (an erase writes only the length); one
        // that reaches them is refused, naming exactly the pages it would write there.
        var protectedFrom: Int?
        if case .passwordProtected(let page) = NDEFContent.from(snapshot) { protectedFrom = page }
        // A key-guarded chip (Ultralight C, Ultralight AES) guards writes from the AUTH0 it reads
        // from: without the key, every page from there is refused, also when the TLVs behind it
        // (and so the capacity) cannot be read.
        if let page = protectedFrom, model?.type2KeyCipher != nil, !isAuthenticated {
            let covered = Type2WritePlan.pagesCovered(messageLength: bytes.count, snapshot: snapshot)
            let needing = covered.map { $0.filter { $0 >= page } } ?? [page]
            if !needing.isEmpty {
                throw KeyProtectionError.keyRequiredForPages(pages: needing, firstProtectedPage: page, model: model)
            }
        }
        if let page = protectedFrom,
            let pages = Type2WritePlan.pagesCovered(messageLength: bytes.count, snapshot: snapshot),
            pages.contains(where: { $0 >= page })
        {
            throw WritePreflightError.passwordRequired(
                pages: pages.filter { $0 >= page }, firstProtectedPage: page, exact: true, protectsReads: true)
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
        for _ in 0..<4 where protectedFrom == nil {
            let needed = Type2WritePlan.memoryNeeded(messageLength: bytes.count, snapshot: snapshot)
            guard needed > memory.count else { break }
            try await ensureRead(upTo: needed)
            snapshot = currentSnapshot(stopAfterNDEF: true)
        }
        let before = NDEFContent.from(snapshot)
        var plan = try Self.plan(bytes, snapshot: snapshot, unreadTail: protectedFrom != nil)
        // The dynamic lock bits are read only when a page they govern is to be written.
        if plan.writes.contains(where: { snapshot.isLocked(page: $0.page) == nil }) {
            snapshot = try await readDynamicLockBytes(for: snapshot)
            plan = try Self.plan(bytes, snapshot: snapshot, unreadTail: protectedFrom != nil)
        }
        if let beyond = plan.writes.first(where: { $0.page > Type2Command.maxAddressablePage }) {
            throw Self.beyondSectorZero(page: beyond.page, command: Type2Command.writeCode, beforeWriting: true)
        }
        snapshot = try await requirePasswordAccess(for: plan.writes.map(\.page), snapshot: snapshot)
        let prepared = NDEFWrite.Prepared(
            previous: before, steps: plan.writes, roles: plan.writes.map(\.role.commitRole), alreadyOnTag: false)
        let outcome = try await NDEFWrite.run(
            prepared, bytes: bytes, expected: expected, verify: verify,
            send: { (write: PageWrite) async throws(ChannelError) in
                try await send(write: write)
                landed(write)
            },
            // A NAK means the tag refused: the write did not land. Anything else may have landed.
            mayHaveLanded: { if case .nak = $0 { false } else { true } },
            interrupted: { error, state in
                TagWriteError.interrupted(
                    page: error.step.page, completed: error.failedIndex, total: plan.writes.count, state: state,
                    lengthPageMayBeTorn: error.step.page == plan.lengthPage, cause: error.cause)
            },
            takeStatistics: { takeStatistics() },
            readBack: { try await readBack(plan) })
        // The plan writes only pages whose content changes: with none, the preflight read already
        // holds the message, and the engine reports it so.
        return WriteReport(
            uid: snapshot.uid, identification: identification, messageBytes: bytes.count,
            encodedMessage: bytes, previousContent: before, capacity: snapshot.capacity,
            lengthFieldBytes: plan.lengthFieldBytes, writes: outcome.steps, verification: outcome.verification,
            writeStatistics: outcome.writeStatistics, verifyStatistics: outcome.verifyStatistics)
    }

    /// Reads back every page `plan` wrote (one FAST_READ from the first to the last where the
    /// chip has it) and decodes the message from those bytes and the pages read before the write
    /// that needed no change.
    private func readBack(_ plan: Type2WritePlan) async throws -> NDEFWrite.ReadBack {
        var image = plan.finalMemory
        let written = plan.pagesWritten
        guard let first = written.first, let last = written.last else {
            return NDEFWrite.ReadBack(
                content: NDEFContent.from(currentSnapshot(stopAfterNDEF: true)), scope: .pages(0...0))
        }
        let readBack = try await readPages(first...last)
        image.replaceSubrange(first * Type2Page.size..<(last + 1) * Type2Page.size, with: readBack)
        replaceMemory(with: image)
        return NDEFWrite.ReadBack(
            content: NDEFContent.from(currentSnapshot(stopAfterNDEF: true)), scope: .pages(first...last))
    }

    /// The write plan, with the planner's refusals as preflight errors.
    static func plan(_ bytes: [UInt8], snapshot: Type2Snapshot, unreadTail: Bool = false) throws -> Type2WritePlan {
        do {
            return try Type2WritePlan.make(message: bytes, snapshot: snapshot, unreadTail: unreadTail)
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
