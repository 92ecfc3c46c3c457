import Foundation
import Originality
import Store
import TagCatalog
import TagWorkflows
import Type3

/// What the tag commands (read, info, write, erase, format, lock) call to record what they did
/// in the TapCard database: the inventory row (UID, chip, capacity and where the figure came
/// from, signature) and, for changes, a write-log entry.
///
/// Usage in a command: `let recording = try TagRecording.take(&arguments, io: io)` while
/// parsing (it takes `--db`), then after the tag operation succeeded
/// `recording.write(report, message: bytes, io: io)` (or `read`, `inspection`, `pageOperation`).
///
/// Recording never turns a completed tag operation into a failure: if the database fails, one
/// `warning: …` line goes to standard error and the command keeps its exit status (the tag was
/// changed either way, and saying so matters more than the log). Without `at`, an entry is
/// stamped with the command's clock (``CLIClock``, so `TAPCARD_TEST_NOW` applies as in `focus`).
struct TagRecording {
    let databasePath: String

    /// The `--db` help lines for a tag command's `--help` (without the final newline, so it sits
    /// in an options list like any other interpolated line).
    static let help = String(DatabaseOption.help.dropLast())

    static func take(_ arguments: inout Arguments, io: some CommandIO) throws -> TagRecording {
        TagRecording(databasePath: try DatabaseOption.path(&arguments, io: io))
    }

    /// A `read`: the tag was seen, with the capacity it reports.
    func read(_ report: ReadReport, io: some CommandIO, at now: Date? = nil) {
        seen(
            uid: report.uid?.bytes, chip: Self.chip(report.identification.model), capacity: report.capacity, io: io,
            at: now)
    }

    /// An `info`: the tag was seen, with capacity and its originality-signature verdict.
    func inspection(_ inspection: TagInspection, io: some CommandIO, at now: Date? = nil) {
        let check = inspection.signature
        let signature: SignatureRecord? =
            switch check.verdict {
            case .valid: .valid
            case .invalid: .invalid
            case .unavailable: check.signature == nil ? .unsupported : nil
            }
        seen(
            uid: inspection.uid?.bytes, chip: Self.chip(inspection.model), capacity: inspection.capacity,
            signature: signature, io: io, at: now)
    }

    /// A `write` (or `erase`, with `operation: .erase` and the empty message written).
    func write(
        _ report: WriteReport, message: [UInt8], operation: WriteOperation = .write, io: some CommandIO,
        at now: Date? = nil
    ) {
        guard let uid = report.uid?.bytes else { return }
        let airTime = (report.writeStatistics.modeledMicroseconds + report.verifyStatistics.modeledMicroseconds) / 1e6
        record(io: io) { recorder throws(StoreError) in
            try recorder.recordWrite(
                uid: uid, chip: Self.chip(report.identification.model), message: message,
                capacityBytes: report.capacity.bytes, capacityReported: report.capacity.source == .reported,
                verified: report.verified, pagesWritten: report.pagesWritten.count, modeledAirTime: airTime,
                operation: operation, at: now ?? CLIClock.now(io))
        }
    }

    /// A Type 4 `read`: the tag was seen, with the capacity its CC file reports.
    func type4(read report: Type4ReadReport, io: some CommandIO, at now: Date? = nil) {
        seen(uid: report.uid, chip: Self.chip(report.identification.model), capacity: report.capacity, io: io, at: now)
    }

    /// A Type 4 `info`: seen, with the originality-signature verdict where the chip has one.
    func type4(inspection: Type4Inspection, io: some CommandIO, at now: Date? = nil) {
        let signature: SignatureRecord? =
            switch inspection.signatureCheck?.verdict {
            case .valid?: .valid
            case .invalid?: .invalid
            case .unavailable?, nil: inspection.read.identification.model == .ntag424DNA ? .unsupported : nil
            }
        let report = inspection.read
        seen(
            uid: report.uid, chip: Self.chip(report.identification.model), capacity: report.capacity,
            signature: signature, io: io, at: now)
    }

    /// A Type 4 `write` or `erase`: the write-log entry has no pages (file bytes instead).
    func type4(write report: Type4WriteReport, operation: WriteOperation, io: some CommandIO, at now: Date? = nil) {
        guard let uid = report.uid, !uid.isEmpty else { return }
        let airTime = (report.writeStatistics.modeledMicroseconds + report.verifyStatistics.modeledMicroseconds) / 1e6
        record(io: io) { recorder throws(StoreError) in
            try recorder.recordWrite(
                uid: uid, chip: Self.chip(report.identification.model), message: report.encodedMessage,
                capacityBytes: report.capacity.bytes, capacityReported: true, verified: report.verified,
                pagesWritten: 0, modeledAirTime: airTime, operation: operation, at: now ?? CLIClock.now(io))
        }
    }

    /// A Type 4 `lock`: a write-log entry with no message; verified when the read-back shows it.
    func type4(lock report: Type4LockReport, io: some CommandIO, at now: Date? = nil) {
        guard let uid = report.uid, !uid.isEmpty, !report.steps.isEmpty else { return }
        let airTime = report.statistics.modeledMicroseconds / 1e6
        record(io: io) { recorder throws(StoreError) in
            try recorder.recordWrite(
                uid: uid, chip: Self.chip(report.identification.model), message: [], capacityBytes: nil,
                capacityReported: false, verified: report.verified, pagesWritten: 0, modeledAirTime: airTime,
                operation: .lock, at: now ?? CLIClock.now(io))
        }
    }

    /// A Type 3 `read` or `info`: the card was seen (the IDm is its identity), with the capacity
    /// its attribute block reports (assumed from the model when it is not formatted).
    func type3(read report: Type3ReadReport, io: some CommandIO, at now: Date? = nil) {
        seen(uid: report.idm, chip: Self.chip(report.identification.model), capacity: report.capacity, io: io, at: now)
    }

    /// A Type 3 `write` or `erase`: the write-log entry counts the distinct blocks written.
    func type3(write report: Type3WriteReport, operation: WriteOperation, io: some CommandIO, at now: Date? = nil) {
        guard !report.idm.isEmpty else { return }
        let airTime = (report.writeStatistics.modeledMicroseconds + report.verifyStatistics.modeledMicroseconds) / 1e6
        record(io: io) { recorder throws(StoreError) in
            try recorder.recordWrite(
                uid: report.idm, chip: Self.chip(report.identification.model), message: report.encodedMessage,
                capacityBytes: report.capacity.bytes, capacityReported: report.capacity.source == .reported,
                verified: report.verified, pagesWritten: report.blocksWritten.count, modeledAirTime: airTime,
                operation: operation, at: now ?? CLIClock.now(io))
        }
    }

    /// A Type 3 `format` or `lock` (`operation` says which) that sent `updates` Updates (none:
    /// nothing to record): a write-log entry with no message.
    func type3(
        configuration updates: Int, verified: Bool, idm: [UInt8], identification: Type3Identification,
        statistics: CommandStatistics, operation: WriteOperation, io: some CommandIO, at now: Date? = nil
    ) {
        guard !idm.isEmpty, updates > 0 else { return }
        record(io: io) { recorder throws(StoreError) in
            try recorder.recordWrite(
                uid: idm, chip: Self.chip(identification.model), message: [], capacityBytes: nil,
                capacityReported: false, verified: verified, pagesWritten: updates,
                modeledAirTime: statistics.modeledMicroseconds / 1e6, operation: operation,
                at: now ?? CLIClock.now(io))
        }
    }

    /// A Type 5 `read`: the tag (UID, chip model) was seen, with the capacity its CC reports.
    func type5(read report: Type5ReadReport, io: some CommandIO, at now: Date? = nil) {
        seen(uid: report.uid, chip: Self.chip(report.identification.model), capacity: report.capacity, io: io, at: now)
    }

    /// A Type 5 `info`: seen, with the originality-signature verdict on an NXP chip.
    func type5(inspection: Type5Inspection, io: some CommandIO, at now: Date? = nil) {
        let signature: SignatureRecord? =
            switch inspection.signatureCheck?.verdict {
            case .valid?: .valid
            case .invalid?: .invalid
            case .unavailable?: .unsupported
            // A chip without an originality signature (ST25DV04K): nothing to check, ever.
            case nil:
                inspection.read.identification.model.map { $0.type5?.signatureLength == nil } == true
                    ? .unsupported : nil
            }
        let report = inspection.read
        seen(
            uid: report.uid, chip: Self.chip(report.identification.model), capacity: report.capacity,
            signature: signature, io: io, at: now)
    }

    /// A Type 5 `write` or `erase`: the write-log entry counts the blocks written.
    func type5(write report: Type5WriteReport, operation: WriteOperation, io: some CommandIO, at now: Date? = nil) {
        guard !report.uid.isEmpty else { return }
        let airTime = (report.writeStatistics.modeledMicroseconds + report.verifyStatistics.modeledMicroseconds) / 1e6
        record(io: io) { recorder throws(StoreError) in
            try recorder.recordWrite(
                uid: report.uid, chip: Self.chip(report.identification.model), message: report.encodedMessage,
                capacityBytes: report.capacity.bytes, capacityReported: true, verified: report.verified,
                pagesWritten: Set(report.writes.map(\.block)).count, modeledAirTime: airTime, operation: operation,
                at: now ?? CLIClock.now(io))
        }
    }

    /// A Type 5 `format` (or its iOS fix of the CC).
    func type5(format report: Type5FormatReport, io: some CommandIO, at now: Date? = nil) {
        guard !report.uid.isEmpty, !report.writes.isEmpty else { return }
        let airTime = report.statistics.modeledMicroseconds / 1e6
        record(io: io) { recorder throws(StoreError) in
            try recorder.recordWrite(
                uid: report.uid, chip: Self.chip(report.identification.model), message: [], capacityBytes: nil,
                capacityReported: false, verified: report.verified, pagesWritten: Set(report.writes.map(\.block)).count,
                modeledAirTime: airTime, operation: .format, at: now ?? CLIClock.now(io))
        }
    }

    /// A Type 5 `lock`: a write-log entry with no message; verified when the read-back shows it.
    func type5(lock report: Type5LockReport, io: some CommandIO, at now: Date? = nil) {
        guard !report.uid.isEmpty, !report.steps.isEmpty else { return }
        let airTime = report.statistics.modeledMicroseconds / 1e6
        record(io: io) { recorder throws(StoreError) in
            try recorder.recordWrite(
                uid: report.uid, chip: Self.chip(report.identification.model), message: [], capacityBytes: nil,
                capacityReported: false, verified: report.verified, pagesWritten: report.steps.count,
                modeledAirTime: airTime, operation: .lock, at: now ?? CLIClock.now(io))
        }
    }

    /// A tag `watch` saw: UID and chip only (no capacity was read). Not recorded when the chip is
    /// not known, so a later `read` does not find the same UID under a second, unknown chip.
    func sighting(uid: [UInt8]?, chip: String?, io: some CommandIO, at now: Date? = nil) {
        guard let chip else { return }
        seen(uid: uid, chip: chip, capacity: nil, io: io, at: now)
    }

    /// A `format` or `lock` (`operation` says which). Verified means the state read back after
    /// the operation shows it: read-only after a lock, read/write after a format.
    func pageOperation(
        _ report: PageOperationReport, operation: WriteOperation, io: some CommandIO, at now: Date? = nil
    ) {
        guard let uid = report.uid?.bytes else { return }
        let verified = report.after.status == (operation == .lock ? .readOnly : .readWrite)
        let pages = Set(report.writes.map(\.page)).count
        let airTime = report.statistics.modeledMicroseconds / 1e6
        record(io: io) { recorder throws(StoreError) in
            try recorder.recordWrite(
                uid: uid, chip: Self.chip(report.identification.model), message: [], capacityBytes: nil,
                capacityReported: false, verified: verified, pagesWritten: pages, modeledAirTime: airTime,
                operation: operation, at: now ?? CLIClock.now(io))
        }
    }

    /// The tag was seen (no write-log entry); `capacity` nil when none was read.
    private func seen(
        uid: [UInt8]?, chip: String, capacity: Capacity?, signature: SignatureRecord? = nil, io: some CommandIO,
        at now: Date?
    ) {
        guard let uid, !uid.isEmpty else { return }
        record(io: io) { recorder throws(StoreError) in
            try recorder.recordRead(
                uid: uid, chip: chip, capacityBytes: capacity?.bytes, capacityReported: capacity?.source == .reported,
                signature: signature, at: now ?? CLIClock.now(io))
        }
    }

    /// Runs `body` on a ``StoreRecorder`` for the database (the Store's recording API; this type
    /// only adapts the workflow reports to it and turns a failure into a warning).
    private func record(io: some CommandIO, _ body: (StoreRecorder) throws(StoreError) -> Void) {
        do {
            try body(try StoreRecorder(path: databasePath))
        } catch {
            io.printError("warning: the tag operation completed but was not recorded: \(error.sentence)")
        }
    }

    static func chip(_ model: TagModel?) -> String { model?.rawValue ?? "unknown" }
}
