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

    public func identifyTag() async throws -> TagFacts {
        Self.facts(uid: uid, identification: try await identify())
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

    static func outcome(_ report: Type5WriteReport) -> TagWriteOutcome {
        TagWriteOutcome(
            facts: facts(uid: report.uid, identification: report.identification), messageBytes: report.messageBytes,
            encodedMessage: report.encodedMessage, previousContent: report.previousContent,
            capacity: report.capacity, writeCommands: report.writes.count, verification: report.verification,
            writeStatistics: report.writeStatistics, verifyStatistics: report.verifyStatistics,
            detail: .type5(report))
    }

    public func formatTag(_ options: FormatOptions) async throws -> TagManagementOutcome {
        let report =
            try await options.fixForIOS ? fixForIOS() : format(multipleBlockRead: options.multipleBlockRead)
        return TagManagementOutcome(
            facts: Self.facts(uid: report.uid, identification: report.identification), detail: .type5Format(report))
    }

    public func lockTag(confirmation: LockConfirmation?, key: [UInt8]?) async throws -> TagManagementOutcome {
        let report = try await lock(confirmation: confirmation)
        return TagManagementOutcome(
            facts: Self.facts(uid: report.uid, identification: report.identification), detail: .type5Lock(report))
    }
}

extension TagReport {
    /// The envelope of a Type 5 read: no CC is `not-formatted`, with the capacity the model has
    /// once formatted, assumed.
    public init(_ report: Type5ReadReport) { self.init(type5: report, detail: .type5Read(report)) }

    public init(_ inspection: Type5Inspection) {
        self.init(type5: inspection.read, detail: .type5Inspection(inspection))
    }

    init(type5 report: Type5ReadReport, detail: TagDetail) {
        let formatted = report.snapshot.isFormatted
        self.init(
            facts: Type5Tag.facts(uid: report.uid, identification: report.identification),
            status: !formatted ? .notFormatted : report.isWritable ? .readWrite : .readOnly,
            capacity: formatted ? report.capacity : TagReport.capacityOnceFormatted(report.identification.model),
            content: report.content, statistics: report.statistics, detail: detail)
    }
}
