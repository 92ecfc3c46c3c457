import NDEF
import TagCatalog
import Type4

extension Type4Tag: TagDriver, LockableTag, KeyManagedTag {
    static func identifiedBy(_ identification: Type4Identification) -> String {
        switch identification.evidence {
        case .version: "GetVersion"
        case .ndefApplicationOnly: "SELECT of the NDEF application; GetVersion refused"
        case .declared: "declared by the virtual tag file"
        }
    }

    static func facts(uid: [UInt8]?, identification: Type4Identification) -> TagFacts {
        TagFacts(
            uid: uid, model: identification.model, forumType: 4, technology: .isoDep,
            identifiedBy: identifiedBy(identification))
    }

    public func identifyTag() async throws -> TagFacts {
        let identification = try await identify()
        return Self.facts(uid: uid, identification: identification)
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

    static func outcome(_ report: Type4WriteReport) -> TagWriteOutcome {
        TagWriteOutcome(
            facts: facts(uid: report.uid, identification: report.identification), messageBytes: report.messageBytes,
            encodedMessage: report.encodedMessage, previousContent: report.previousContent,
            capacity: report.capacity, writeCommands: report.writes.count, verification: report.verification,
            writeStatistics: report.writeStatistics, verifyStatistics: report.verifyStatistics,
            detail: .type4(report))
    }

    public func lockTag(confirmation: LockConfirmation?, key: [UInt8]?) async throws -> TagManagementOutcome {
        let report = try await lock(confirmation: confirmation, key: key ?? Type4Tag.factoryKey)
        return TagManagementOutcome(
            facts: Self.facts(uid: report.uid, identification: report.identification), detail: .type4Lock(report))
    }

    public func changeTagKeys(to keys: [Int: [UInt8]], confirmation: NTAG424KeyChangeConfirmation?) async throws
        -> NTAG424KeyChangeReport
    {
        try await changeKeys(to: keys, confirmation: confirmation)
    }
}

extension TagReport {
    /// The envelope of a Type 4 read: the CC file's write access decides read-only.
    public init(_ report: Type4ReadReport) { self.init(type4: report, detail: .type4Read(report)) }

    public init(_ inspection: Type4Inspection) {
        self.init(type4: inspection.read, detail: .type4Inspection(inspection))
    }

    init(type4 report: Type4ReadReport, detail: TagDetail) {
        self.init(
            facts: Type4Tag.facts(uid: report.uid, identification: report.identification),
            status: report.isWritable ? .readWrite : .readOnly, capacity: report.capacity, content: report.content,
            statistics: report.statistics, detail: detail)
    }
}
