import MIFAREClassic
import NDEF
import TagTransport

extension ClassicTag {
    /// Writes `message`: the MAD, the NDEF sectors' data blocks and trailers through the last block
    /// the new TLV covers and the old TLV's end (what the plan changes and what the card held),
    /// refusals before any write (no MAD or NDEF sector: "format it
    /// first"; a read-only sector; too big), then ``/MIFAREClassic/ClassicWritePlan``'s
    /// tearing-safe order (length 0, the message blocks and terminator, the length), each block
    /// under its sector's NDEF key A, and — with `verify` — the area read back, decoded and
    /// compared record by record.
    ///
    /// Throws ``ClassicPlanRefusal`` (nothing sent), ``TagWriteError`` (which block, and whether
    /// the card holds the old, an empty or the new message), or what the reads threw.
    public func write(_ message: NDEFMessage, verify: Bool = true) async throws -> ClassicWriteReport {
        try await writeBytes(message.encoded(), expected: message, verify: verify)
    }

    /// Empties the NDEF message: the NDEF TLV's length 0 (`03 00 FE`), the same order.
    public func erase(verify: Bool = true) async throws -> ClassicWriteReport {
        try await writeBytes([], expected: NDEFMessage(records: []), verify: verify)
    }

    private func writeBytes(_ bytes: [UInt8], expected: NDEFMessage, verify: Bool) async throws -> ClassicWriteReport {
        beginOperation()
        // The area through the last block the new TLV covers (its type, a 3-byte length, the
        // message and the terminator, from a TLV at the area's start), and the old TLV whole; when
        // NULL TLVs put the NDEF TLV further in, the plan asks for more and the whole area is read.
        var before = try await readSnapshot(whole: false, through: bytes.count + 5)
        if let area = before.area, case .failure(.areaNotRead) = ClassicWritePlan.make(message: bytes, area: area) {
            before = try await readSnapshot(whole: true)
        }
        guard let area = before.area else {
            if case .failure(let reason) = before.mad { throw ClassicPlanRefusal.notFormatted(reason) }
            throw ClassicPlanRefusal.notFormatted(.noNDEFSector(madVersion: 1))
        }
        if let sector = before.readOnlySectors.first { throw ClassicPlanRefusal.readOnly(sector: sector) }
        let plan: ClassicWritePlan
        switch ClassicWritePlan.make(message: bytes, area: area) {
        case .success(let made): plan = made
        case .failure(let error): throw ClassicPlanRefusal.plan(error)
        }
        let previous = before.content
        let prepared = NDEFWrite.Prepared(
            previous: previous, steps: plan.writes, roles: plan.writes.map(\.role.commitRole),
            alreadyOnTag: area.walk.ndef != nil && area.message == bytes && area.walk.problem == nil)
        let outcome = try await NDEFWrite.run(
            prepared, bytes: bytes, expected: expected, verify: verify,
            send: { (step: ClassicDataWrite) async throws(ClassicFailure) in
                try await write(block: step.block, bytes: step.bytes, keys: Self.ndefKeys)
            },
            mayHaveLanded: \.mayHaveLanded,
            interrupted: { error, state in
                TagWriteError.interruptedClassicWrite(
                    block: error.step.block, completed: error.failedIndex, total: prepared.steps.count, state: state,
                    cause: error.cause)
            },
            takeStatistics: { takeStatistics() },
            readBack: {
                session = nil
                let after = try await readSnapshot(whole: false)
                let content = after.content
                return NDEFWrite.ReadBack(content: content, scope: .bytes(content.bytes?.count ?? 0))
            })
        return ClassicWriteReport(
            uid: uid, model: model, messageBytes: bytes.count, encodedMessage: bytes, previousContent: previous,
            capacity: before.capacity, lengthFieldBytes: plan.lengthFieldBytes, lengthBlock: plan.lengthBlock,
            writes: outcome.steps, verification: outcome.verification, writeStatistics: outcome.writeStatistics,
            verifyStatistics: outcome.verifyStatistics)
    }
}

extension ClassicDataWrite.Role {
    /// The role in the commit order the write engine judges interruptions by.
    var commitRole: CommitRole {
        switch self {
        case .clearLength: .clearLength
        case .data: .data
        case .commit: .commit
        }
    }
}
