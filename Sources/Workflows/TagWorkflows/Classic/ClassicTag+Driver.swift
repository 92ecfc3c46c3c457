import MIFAREClassic
import NDEF
import TagCatalog

extension ClassicTag: ReportingTagDriver, FormattableTag {
    /// The envelope's facts: MIFARE Classic is no NFC Forum type (forum type 0); its block count
    /// names the model.
    static func facts(uid: [UInt8], model: TagModel?) -> TagFacts {
        TagFacts(uid: uid, model: model, forumType: 0, technology: .nfcA, identifiedBy: "block count (MIFARE Classic)")
    }

    public func identifyTag() async throws -> TagFacts {
        _ = try requireLayout()
        return Self.facts(uid: uid, model: model)
    }

    public static func report(_ read: ClassicReadReport) -> TagReport { TagReport(read) }
    public static func report(inspection: ClassicInspection) -> TagReport { TagReport(inspection) }

    public func formatTag(_ options: FormatOptions) async throws -> TagManagementOutcome {
        TagManagementOutcome(try await format())
    }
}

extension TagReport {
    /// The envelope of a Classic read: no MAD (or no NDEF sector) is `not-formatted`, with the
    /// capacity the model has once formatted, assumed.
    public init(_ report: ClassicReadReport) { self.init(classic: report, detail: .classicRead(report)) }

    public init(_ inspection: ClassicInspection) {
        self.init(classic: inspection.read, detail: .classicInspection(inspection))
    }

    init(classic report: ClassicReadReport, detail: TagDetail) {
        let formatted = report.snapshot.isFormatted
        self.init(
            facts: ClassicTag.facts(uid: report.uid, model: report.model),
            status: !formatted ? .notFormatted : report.isWritable ? .readWrite : .readOnly,
            capacity: formatted ? report.capacity : TagReport.capacityOnceFormatted(report.model),
            content: report.content, statistics: report.statistics, detail: detail)
    }
}
