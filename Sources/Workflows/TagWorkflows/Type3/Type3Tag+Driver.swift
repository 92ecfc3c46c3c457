import NDEF
import TagCatalog
import Type3

extension Type3Tag: ReportingTagDriver, FormattableTag, LockableTag {
    static func facts(idm: [UInt8], identification: Type3Identification) -> TagFacts {
        TagFacts(
            uid: idm, model: identification.model, forumType: 3, technology: .felica,
            identifiedBy: identification.product != nil
                ? "PMm IC code" : "declared by the virtual tag file (PMm IC code not known)")
    }

    public func identifyTag() async throws -> TagFacts {
        Self.facts(idm: idm, identification: try await identify())
    }

    public static func report(_ read: Type3ReadReport) -> TagReport { TagReport(read) }
    public static func report(inspection: Type3Inspection) -> TagReport { TagReport(inspection) }

    public func formatTag(_ options: FormatOptions) async throws -> TagManagementOutcome {
        TagManagementOutcome(try await format())
    }

    public func lockTag(confirmation: LockConfirmation?, key: [UInt8]?) async throws -> TagManagementOutcome {
        TagManagementOutcome(try await lock(confirmation: confirmation))
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
        let formatted = report.snapshot != nil
        self.init(
            facts: Type3Tag.facts(idm: report.idm, identification: report.identification),
            status: !formatted ? .notFormatted : report.snapshot?.isReadOnly == true ? .readOnly : .readWrite,
            capacity: formatted ? report.capacity : TagReport.capacityOnceFormatted(report.identification.model),
            content: report.content, statistics: report.statistics, detail: detail)
    }
}
