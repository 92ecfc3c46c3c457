import Foundation
import Originality
import Store
import TagCatalog
import TagWorkflows

/// The one place that records tags and writes in the store, for the CLI and the phone alike: a
/// read or an inspection is a sighting (with the capacity and, from an inspection, the
/// originality-signature verdict), a write, erase, format or lock is a write-log entry. The chip
/// name the store keys a tag by is computed here once.
public struct TagHistory {
    public let recorder: StoreRecorder

    public init(recorder: StoreRecorder) {
        self.recorder = recorder
    }

    /// The chip name a tag is stored under: the catalog model's raw value, or "unknown".
    public static func chip(_ model: TagModel?) -> String { model?.rawValue ?? "unknown" }

    /// A `read` or an `info` of any tag: the tag was seen.
    public func recordSighting(_ report: TagReport, at: Date) throws(StoreError) {
        guard let uid = report.facts.uid, !uid.isEmpty else { return }
        try recorder.recordRead(
            uid: uid, chip: Self.chip(report.facts.model), capacityBytes: report.capacity?.bytes,
            capacityReported: report.capacity?.source == .reported, signature: Self.signature(report), at: at)
    }

    /// A completed `write` or `erase` of any tag: a write-log entry with the message and what it
    /// wrote (pages or blocks; 0 for a Type 4 file, which is written in bytes).
    public func recordWrite(_ outcome: TagWriteOutcome, operation: WriteOperation, at: Date) throws(StoreError) {
        guard let uid = outcome.facts.uid, !uid.isEmpty else { return }
        let airTime = (outcome.writeStatistics.modeledMicroseconds + outcome.verifyStatistics.modeledMicroseconds) / 1e6
        try recorder.recordWrite(
            uid: uid, chip: Self.chip(outcome.facts.model), message: outcome.encodedMessage,
            capacityBytes: outcome.capacity.bytes, capacityReported: outcome.capacity.source == .reported,
            verified: outcome.verified, pagesWritten: Self.unitsWritten(outcome.detail), modeledAirTime: airTime,
            operation: operation, at: at)
    }

    /// A completed `format` or `lock` of any tag: a write-log entry with no message, verified when
    /// the read-back shows it; nothing when nothing was written (a rerun of a finished lock).
    public func recordManagement(
        _ outcome: TagManagementOutcome, operation: WriteOperation, at: Date
    ) throws(StoreError) {
        guard let uid = outcome.facts.uid, !uid.isEmpty else { return }
        let (written, seconds, verified) = Self.management(outcome, operation: operation)
        guard written > 0 else { return }
        try recorder.recordWrite(
            uid: uid, chip: Self.chip(outcome.facts.model), message: [], capacityBytes: nil, capacityReported: false,
            verified: verified, pagesWritten: written, modeledAirTime: seconds, operation: operation, at: at)
    }

    /// The signature verdict an inspection read (a read reads none): a chip without an
    /// originality signature is `unsupported`, one whose signature could not be read stays `nil`.
    static func signature(_ report: TagReport) -> SignatureRecord? {
        func record(_ check: SignatureCheck?, noSignatureMeansUnsupported: Bool) -> SignatureRecord? {
            switch check?.verdict {
            case .valid?: .valid
            case .invalid?: .invalid
            case .unavailable?: check?.signature == nil && noSignatureMeansUnsupported ? .unsupported : nil
            case nil: noSignatureMeansUnsupported ? .unsupported : nil
            }
        }
        switch report.detail {
        case .type2Inspection(let inspection):
            return record(inspection.signature, noSignatureMeansUnsupported: true)
        case .type4Inspection(let inspection):
            switch inspection.signatureCheck?.verdict {
            case .valid?: return .valid
            case .invalid?: return .invalid
            case .unavailable?, nil: return report.facts.model == .ntag424DNA ? .unsupported : nil
            }
        case .type5Inspection(let inspection):
            if case .unavailable? = inspection.signatureCheck?.verdict { return .unsupported }
            // A chip without an originality signature (ST25DV04K): nothing to check, ever.
            let none = report.facts.model.map { $0.type5?.signatureLength == nil } == true
            return record(inspection.signatureCheck, noSignatureMeansUnsupported: none)
        // MIFARE Classic: no signature TapCard reads, so nothing to record.
        case .type2Read, .type3Read, .type3Inspection, .type4Read, .type5Read, .classicRead, .classicInspection:
            return nil
        }
    }

    /// Distinct pages (Type 2) or blocks (Types 3 and 5) a write sent; 0 for a Type 4 file.
    static func unitsWritten(_ detail: TagWriteOutcome.Detail) -> Int {
        switch detail {
        case .type2(let report): report.pagesWritten.count
        case .type3(let report): report.blocksWritten.count
        case .type4: 0
        case .type5(let report): Set(report.writes.map(\.block)).count
        case .classic(let report): Set(report.writes.map(\.block)).count
        }
    }

    /// What a format or lock wrote (pages, blocks, Updates or steps), its modeled seconds, and
    /// whether the read-back shows it.
    static func management(
        _ outcome: TagManagementOutcome, operation: WriteOperation
    ) -> (written: Int, seconds: Double, verified: Bool) {
        switch outcome.detail {
        case .type2(let report):
            let verified = report.after.status == (operation == .lock ? .readOnly : .readWrite)
            return (Set(report.writes.map(\.page)).count, report.statistics.modeledMicroseconds / 1e6, verified)
        case .type3Format(let report):
            return (report.writes.count, report.statistics.modeledMicroseconds / 1e6, report.verified)
        case .type3Lock(let report):
            return (report.writes.count, report.statistics.modeledMicroseconds / 1e6, report.verified)
        case .type4Lock(let report):
            return (report.steps.count, report.statistics.modeledMicroseconds / 1e6, report.verified)
        case .desfireFormat(let report):
            let changing = report.steps.filter { $0.role != .preparation }
            return (changing.count, report.statistics.modeledMicroseconds / 1e6, report.verified)
        case .type5Format(let report):
            return (Set(report.writes.map(\.block)).count, report.statistics.modeledMicroseconds / 1e6, report.verified)
        case .type5Lock(let report):
            return (report.steps.count, report.statistics.modeledMicroseconds / 1e6, report.verified)
        case .classicLock(let report):
            return (report.lockedSectors.count, report.statistics.modeledMicroseconds / 1e6, report.verified)
        case .classicFormat(let report):
            return (Set(report.writes.map(\.block)).count, report.statistics.modeledMicroseconds / 1e6, report.verified)
        }
    }
}
