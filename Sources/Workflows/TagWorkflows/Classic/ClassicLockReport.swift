import MIFAREClassic
import TagCatalog

/// What a completed MIFARE Classic lock did (AN1304's read-only card: every NDEF sector's trailer
/// and the MAD sectors' given access bits `07 8F 0F`, data blocks readable with either key and
/// writable by none, the trailer frozen; NDEF GPB `43`), and the card read back afterwards.
public struct ClassicLockReport: Sendable, Equatable {
    public var uid: [UInt8]
    public var model: TagModel?
    /// The sectors whose trailer was written, in order (the MAD sector 0 last).
    public var lockedSectors: [Int]
    /// The sectors that were read-only already and were left as they were.
    public var alreadyLocked: [Int]
    /// The read-back after the last write.
    public var after: ClassicSnapshot
    public var statistics: CommandStatistics

    /// True when every NDEF sector of the read-back refuses writes and the message is still there.
    public var verified: Bool {
        guard let area = after.area else { return false }
        return Set(after.readOnlySectors) == Set(area.sectors)
    }

    /// The lock in figures, one sentence a line.
    public var summaryLines: [String] {
        [
            lockedSectors.isEmpty
                ? "Every sector was locked already (access bits 07 8F 0F): nothing was written after reading the card."
                : "Locked \(lockedSectors.count) sector\(lockedSectors.count == 1 ? "" : "s") (\(lockedSectors.map(String.init).joined(separator: ", "))) with access bits 07 8F 0F: the data can be read with either key and written by none, and the trailers can never change again.",
            (verified ? "Verified: " : "NOT verified: ")
                + "read back, \(after.readOnlySectors.count) of \(after.area?.sectors.count ?? 0) NDEF sectors refuse writes.",
        ]
    }
}

extension ClassicLockReport: EnvelopedManagementReport {
    public var facts: TagFacts { ClassicTag.facts(uid: uid, model: model) }
    public var managementDetail: TagManagementOutcome.Detail { .classicLock(self) }
}
