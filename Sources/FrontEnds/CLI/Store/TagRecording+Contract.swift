import Store
import TagWorkflows

extension TagRecording {
    /// A `read` or an `info` of any tag: the tag was seen, with what its type lets the store
    /// keep (capacity, signature verdict).
    func record(_ report: TagReport, io: some CommandIO) {
        switch report.detail {
        case .type2Read(let read): self.read(read, io: io)
        case .type2Inspection(let inspection): self.inspection(inspection, io: io)
        case .type3Read(let read): type3(read: read, io: io)
        case .type3Inspection(let inspection): type3(read: inspection.read, io: io)
        case .type4Read(let read): type4(read: read, io: io)
        case .type4Inspection(let inspection): type4(inspection: inspection, io: io)
        case .type5Read(let read): type5(read: read, io: io)
        case .type5Inspection(let inspection): type5(inspection: inspection, io: io)
        }
    }

    /// A completed `write` or `erase` of any tag: a write-log entry.
    func record(_ outcome: TagWriteOutcome, operation: WriteOperation, io: some CommandIO) {
        switch outcome.detail {
        case .type2(let report): write(report, message: report.encodedMessage, operation: operation, io: io)
        case .type3(let report): type3(write: report, operation: operation, io: io)
        case .type4(let report): type4(write: report, operation: operation, io: io)
        case .type5(let report): type5(write: report, operation: operation, io: io)
        }
    }

    /// A completed `format` or `lock` of any tag.
    func record(_ outcome: TagManagementOutcome, operation: WriteOperation, io: some CommandIO) {
        switch outcome.detail {
        case .type2(let report): pageOperation(report, operation: operation, io: io)
        case .type3Format(let report):
            type3(
                configuration: report.writes.count, verified: report.verified, idm: report.idm,
                identification: report.identification, statistics: report.statistics, operation: operation, io: io)
        case .type3Lock(let report):
            type3(
                configuration: report.writes.count, verified: report.verified, idm: report.idm,
                identification: report.identification, statistics: report.statistics, operation: operation, io: io)
        case .type4Lock(let report): type4(lock: report, io: io)
        case .type5Format(let report): type5(format: report, io: io)
        case .type5Lock(let report): type5(lock: report, io: io)
        }
    }
}
