import NDEF
import TagCatalog
import Type3

extension Type3Tag: TagDriver, FormattableTag, LockableTag {
    static func facts(idm: [UInt8], identification: Type3Identification) -> TagFacts {
        TagFacts(
            uid: idm, model: identification.model, forumType: 3, technology: .felica,
            identifiedBy: identification.product != nil
                ? "PMm IC code" : "declared by the virtual tag file (PMm IC code not known)")
    }

    static func reading(_ report: Type3ReadReport, detail: TagDetail) -> TagReport {
        let status: TagNDEFStatus
        let capacity: Capacity?
        if let snapshot = report.snapshot {
            status = snapshot.isReadOnly ? .readOnly : .readWrite
            capacity = report.capacity
        } else {
            status = .notFormatted
            capacity = TagReport.capacityOnceFormatted(report.identification.model)
        }
        return TagReport(
            facts: facts(idm: report.idm, identification: report.identification), status: status, capacity: capacity,
            content: report.content, statistics: report.statistics, detail: detail)
    }

    public func identifyTag() async throws -> TagFacts {
        Self.facts(idm: idm, identification: try await identify())
    }

    public func readTag() async throws -> TagReport {
        let report = try await read()
        return Self.reading(report, detail: .type3Read(report))
    }

    public func inspectTag() async throws -> TagReport {
        let inspection = try await inspect()
        return Self.reading(inspection.read, detail: .type3Inspection(inspection))
    }

    public func writeMessage(_ message: NDEFMessage, verify: Bool) async throws -> TagWriteOutcome {
        Self.outcome(try await write(message, verify: verify))
    }

    public func eraseMessage(verify: Bool) async throws -> TagWriteOutcome {
        Self.outcome(try await erase(verify: verify))
    }

    static func outcome(_ report: Type3WriteReport) -> TagWriteOutcome {
        TagWriteOutcome(
            facts: facts(idm: report.idm, identification: report.identification), messageBytes: report.messageBytes,
            encodedMessage: report.encodedMessage, previousContent: report.previousContent,
            capacity: report.capacity, writeCommands: report.writes.count, verification: report.verification,
            writeStatistics: report.writeStatistics, verifyStatistics: report.verifyStatistics,
            detail: .type3(report))
    }

    public func formatTag() async throws -> TagManagementOutcome {
        let report = try await format()
        return TagManagementOutcome(
            facts: Self.facts(idm: report.idm, identification: report.identification), detail: .type3Format(report))
    }

    public func lockTag(confirmation: LockConfirmation?) async throws -> TagManagementOutcome {
        let report = try await lock(confirmation: confirmation)
        return TagManagementOutcome(
            facts: Self.facts(idm: report.idm, identification: report.identification), detail: .type3Lock(report))
    }
}
