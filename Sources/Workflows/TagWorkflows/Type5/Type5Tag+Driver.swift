import NDEF
import TagCatalog
import Type5

extension Type5Tag: ReportingTagDriver, FormattableTag, LockableTag {
    /// How the chip was identified, in the words every front end prints.
    public static func identifiedBy(_ identification: Type5TagIdentification) -> String {
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

    public static func report(_ read: Type5ReadReport) -> TagReport { TagReport(read) }
    public static func report(inspection: Type5Inspection) -> TagReport { TagReport(inspection) }

    public func formatTag(_ options: FormatOptions) async throws -> TagManagementOutcome {
        TagManagementOutcome(
            try await options.fixForIOS ? fixForIOS() : format(multipleBlockRead: options.multipleBlockRead))
    }

    public func lockTag(confirmation: LockConfirmation?, key: [UInt8]?) async throws -> TagManagementOutcome {
        TagManagementOutcome(try await lock(confirmation: confirmation))
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
