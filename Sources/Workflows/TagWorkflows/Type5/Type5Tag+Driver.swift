import NDEF
import TagCatalog
import Type5

extension Type5Tag: TagDriver, FormattableTag, LockableTag {
    static func identifiedBy(_ identification: Type5TagIdentification) -> String {
        if identification.chip.model == nil, identification.declaredModel != nil {
            "declared by the virtual tag file"
        } else if identification.systemInfo != nil {
            "UID and GET SYSTEM INFO"
        } else {
            "UID"
        }
    }

    static func facts(uid: [UInt8], identification: Type5TagIdentification) -> TagFacts {
        TagFacts(
            uid: uid, model: identification.model, forumType: 5, technology: .iso15693,
            identifiedBy: identifiedBy(identification))
    }

    static func reading(_ report: Type5ReadReport, detail: TagDetail) -> TagReport {
        let status: TagNDEFStatus =
            !report.snapshot.isFormatted ? .notFormatted : report.isWritable ? .readWrite : .readOnly
        let capacity =
            report.snapshot.isFormatted ? report.capacity : TagReport.capacityOnceFormatted(report.identification.model)
        return TagReport(
            facts: facts(uid: report.uid, identification: report.identification), status: status, capacity: capacity,
            content: report.content, statistics: report.statistics, detail: detail)
    }

    public func identifyTag() async throws -> TagFacts {
        Self.facts(uid: uid, identification: try await identify())
    }

    public func readTag() async throws -> TagReport {
        let report = try await read()
        return Self.reading(report, detail: .type5Read(report))
    }

    public func inspectTag() async throws -> TagReport {
        let inspection = try await inspect()
        return Self.reading(inspection.read, detail: .type5Inspection(inspection))
    }

    public func writeMessage(_ message: NDEFMessage, verify: Bool) async throws -> TagWriteOutcome {
        Self.outcome(try await write(message, verify: verify))
    }

    public func eraseMessage(verify: Bool) async throws -> TagWriteOutcome {
        Self.outcome(try await erase(verify: verify))
    }

    static func outcome(_ report: Type5WriteReport) -> TagWriteOutcome {
        TagWriteOutcome(
            facts: facts(uid: report.uid, identification: report.identification), messageBytes: report.messageBytes,
            encodedMessage: report.encodedMessage, previousContent: report.previousContent,
            capacity: report.capacity, writeCommands: report.writes.count, verification: report.verification,
            writeStatistics: report.writeStatistics, verifyStatistics: report.verifyStatistics,
            detail: .type5(report))
    }

    public func formatTag() async throws -> TagManagementOutcome {
        let report = try await format()
        return TagManagementOutcome(
            facts: Self.facts(uid: report.uid, identification: report.identification), detail: .type5Format(report))
    }

    public func lockTag(confirmation: LockConfirmation?) async throws -> TagManagementOutcome {
        let report = try await lock(confirmation: confirmation)
        return TagManagementOutcome(
            facts: Self.facts(uid: report.uid, identification: report.identification), detail: .type5Lock(report))
    }
}
