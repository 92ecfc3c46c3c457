import NDEF
import TagCatalog

/// A per-type write report, seen as the envelope's fields: what every type's report has, named
/// alike, so ``TagWriteOutcome`` is built from any of them in one place.
public protocol EnvelopedWriteReport: Sendable {
    var facts: TagFacts { get }
    var messageBytes: Int { get }
    var encodedMessage: [UInt8] { get }
    var previousContent: NDEFContent { get }
    var capacity: Capacity { get }
    /// Write commands sent (0 when the tag already held the message).
    var writeCommands: Int { get }
    var verification: WriteVerification { get }
    var writeStatistics: CommandStatistics { get }
    var verifyStatistics: CommandStatistics { get }
    var writeDetail: TagWriteOutcome.Detail { get }
}

/// A per-type format or lock report, seen as the envelope's fields.
public protocol EnvelopedManagementReport: Sendable {
    var facts: TagFacts { get }
    var managementDetail: TagManagementOutcome.Detail { get }
}

extension TagWriteOutcome {
    public init(_ report: some EnvelopedWriteReport) {
        self.init(
            facts: report.facts, messageBytes: report.messageBytes, encodedMessage: report.encodedMessage,
            previousContent: report.previousContent, capacity: report.capacity, writeCommands: report.writeCommands,
            verification: report.verification, writeStatistics: report.writeStatistics,
            verifyStatistics: report.verifyStatistics, detail: report.writeDetail)
    }
}

extension TagManagementOutcome {
    public init(_ report: some EnvelopedManagementReport) {
        self.init(facts: report.facts, detail: report.managementDetail)
    }
}
