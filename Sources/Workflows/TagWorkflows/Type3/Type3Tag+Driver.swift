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

    public func identifyTag() async throws -> TagFacts {
        Self.facts(idm: idm, identification: try await identify())
    }

    public func readTag() async throws -> TagReport {
        let report = try await read()
        return TagReport(report)
    }

    public func inspectTag() async throws -> TagReport {
        let inspection = try await inspect()
        return TagReport(inspection)
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

    public func formatTag(_ options: FormatOptions) async throws -> TagManagementOutcome {
        let report = try await format()
        return TagManagementOutcome(
            facts: Self.facts(idm: report.idm, identification: report.identification), detail: .type3Format(report))
    }

    public func lockTag(confirmation: LockConfirmation?, key: [UInt8]?) async throws -> TagManagementOutcome {
        let report = try await lock(confirmation: confirmation)
        return TagManagementOutcome(
            facts: Self.facts(idm: report.idm, identification: report.identification), detail: .type3Lock(report))
    }
}

extension TagReport {
    /// The envelope of a Type 3 read: no usable attribute block (or NDEF not enabled) is
    /// `not-formatted`, with the capacity the model has once formatted, assumed.
    public init(_ report: Type3ReadReport) { self.init(type3: report, detail: .type3Read(report)) }

    public init(_ inspection: Type3Inspection) {
        self.init(type3: inspection.read, detail: .type3Inspection(inspection))
    }

    init(type3 report: Type3ReadReport, detail: TagDetail) {
        let status: TagNDEFStatus
        let capacity: Capacity?
        if let snapshot = report.snapshot {
            status = snapshot.isReadOnly ? .readOnly : .readWrite
            capacity = report.capacity
        } else {
            status = .notFormatted
            capacity = TagReport.capacityOnceFormatted(report.identification.model)
        }
        self.init(
            facts: Type3Tag.facts(idm: report.idm, identification: report.identification), status: status,
            capacity: capacity, content: report.content, statistics: report.statistics, detail: detail)
    }
}
