import NDEF
import TagCatalog
import Type4

extension Type4Tag: ReportingTagDriver, LockableTag, KeyManagedTag {
    /// How the chip was identified, in the words every front end prints.
    public static func identifiedBy(_ identification: Type4Identification) -> String {
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

    public static func report(_ read: Type4ReadReport) -> TagReport { TagReport(read) }
    public static func report(inspection: Type4Inspection) -> TagReport { TagReport(inspection) }

    public func lockTag(confirmation: LockConfirmation?, key: [UInt8]?) async throws -> TagManagementOutcome {
        TagManagementOutcome(try await lock(confirmation: confirmation, key: key ?? Type4Tag.factoryKey))
    }

    public func changeTagKeys(to keys: [Int: [UInt8]], confirmation: NTAG424KeyChangeConfirmation?) async throws
        -> NTAG424KeyChangeReport
    {
        try await changeKeys(to: keys, confirmation: confirmation)
    }
}

extension Type4WriteReport: EnvelopedWriteReport {
    public var facts: TagFacts { Type4Tag.facts(uid: uid, identification: identification) }
    public var writeCommands: Int { writes.count }
    public var writeDetail: TagWriteOutcome.Detail { .type4(self) }
}

extension Type4LockReport: EnvelopedManagementReport {
    public var facts: TagFacts { Type4Tag.facts(uid: uid, identification: identification) }
    public var managementDetail: TagManagementOutcome.Detail { .type4Lock(self) }
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
            status: !report.isFormatted ? .notFormatted : report.isWritable ? .readWrite : .readOnly,
            capacity: report.capacity, content: report.content,
            statistics: report.statistics, detail: detail)
    }
}
