import TagCatalog
import Type5

extension Type5Tag {
    /// NDEF-formats the tag: ``/Type5/Type5FormatPlan`` over what was read — `03 00 FE 00` right
    /// after the CC first, the CC `E1 40 MLEN 00` last (MLEN from the catalog's user memory for a
    /// known chip, else GET SYSTEM INFO's memory, else the current CC's), so a tear leaves the old
    /// CC or the new one. MBREAD stays clear unless `multipleBlockRead` (iOS then will not read the
    /// tag, shared/reference/users-asks.md §5); the CC's LOCK BLOCK bit stays clear, as `tapcard
    /// sim new` formats (``/TagCatalog/Type5Facts/formattedCC``). Read back afterwards.
    ///
    /// Refused (nothing sent): the tag holds a message (``FormatRefusal``), the memory size is unknown, the CC is read-only, a block to write
    /// is locked.
    public func format(multipleBlockRead: Bool = false) async throws -> Type5FormatReport {
        beginOperation()
        let identification = try await identify()
        var before = try await readSnapshot(identification, whole: false)
        // Formatting never loses a message (the contract's rule on every type).
        if case .message(_, let bytes) = Self.content(of: before) {
            throw FormatRefusal.holdsMessage(messageBytes: bytes.count)
        }
        let memory =
            identification.model?.type5?.userBytes ?? identification.memoryBytes
            ?? before.cc.map { $0.length + $0.dataAreaBytes }
        guard let memory else {
            throw Type5PlanError.memoryNotRead(read: before.memory.count, needed: before.memory.count + 1)
        }
        var plan = try Type5FormatPlan.make(
            snapshot: before, memoryBytes: memory, multipleBlockRead: multipleBlockRead, lockBlock: false
        ).get()
        if let last = plan.writes.map(\.block).max(),
            let security = try await readBlockSecurity(through: last, extended: false)
        {
            before.blockSecurity = security
            plan = try Type5FormatPlan.make(
                snapshot: before, memoryBytes: memory, multipleBlockRead: multipleBlockRead, lockBlock: false
            ).get()
        }
        // A block that already holds what the format writes is not written again: a tag this
        // format finished (an empty NDEF TLV, this CC) is left as it is, and the format says so.
        let writes = plan.writes.filter { write in
            let start = write.block * before.blockSize
            guard start + write.bytes.count <= before.memory.count else { return true }
            return Array(before.memory[start..<start + write.bytes.count]) != write.bytes
        }
        return try await apply(
            writes, operation: .format, identification: identification, before: before, memoryBytes: memory)
    }

    /// Rewrites only the CC block with MBREAD (CC byte 3 bit 0) clear, so iOS reads the tag
    /// (``/Type5/Type5Compatibility/fixForIOS(snapshot:)``); nothing is written when it is clear.
    public func fixForIOS() async throws -> Type5FormatReport {
        beginOperation()
        let identification = try await identify()
        var before = try await readSnapshot(identification, whole: false)
        if let cc = before.cc, let security = try await readBlockSecurity(through: 0, extended: cc.usesExtendedCommands)
        {
            before.blockSecurity = security
        }
        let writes = try Type5Compatibility.fixForIOS(snapshot: before).get()
        return try await apply(
            writes, operation: .fixForIOS, identification: identification, before: before, memoryBytes: nil)
    }

    /// Sends `writes` in order, then reads the CC and data area back.
    private func apply(
        _ writes: [Type5BlockWrite], operation: Type5FormatReport.Operation,
        identification: Type5TagIdentification, before: Type5Snapshot, memoryBytes: Int?
    ) async throws -> Type5FormatReport {
        var completed: [Type5BlockWrite] = []
        do throws(StepFailure<Type5BlockWrite, Type5Failure>) {
            try await WriteEngine.commit(
                writes,
                send: { (write: Type5BlockWrite) async throws(Type5Failure) in
                    _ = try await expectSuccess(write.request, block: write.block)
                    statistics.pagesWritten.append(write.block)
                    statistics.unitsWritten += write.bytes.count
                }, landed: { completed.append($0) })
        } catch {
            throw Type5FormatInterrupted(
                operation: operation, completed: completed, failed: error.step, total: writes.count,
                cause: error.cause)
        }
        blockZero = nil
        let after = try await readSnapshot(identification, whole: false)
        return Type5FormatReport(
            operation: operation, identification: identification, uid: uid,
            previousBlockZero: Array(before.memory.prefix(before.cc?.length ?? before.blockSize)),
            previousContent: Self.content(of: before), memoryBytes: memoryBytes, writes: writes, after: after,
            afterContent: Self.content(of: after), warnings: Type5Compatibility.warnings(for: after),
            statistics: takeStatistics())
    }
}
