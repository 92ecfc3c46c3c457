import CoreNFCTransport
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type2

/// The report card after a write: what was written, the capacity the tag reported, and whether
/// reading it back in the same session matched.
public struct WriteReportCard: Sendable, Equatable {
    public let receipt: WriteReceipt
    /// The PACK the tag answered when the write presented its password first; `nil`: no password.
    public let passwordAcknowledge: PasswordAcknowledge?
    /// What TapCard's own driver wrote and read back (the envelope, with the type's report as
    /// detail); `nil` when iOS wrote the tag.
    public let outcome: TagWriteOutcome?

    public init(_ receipt: WriteReceipt, passwordAcknowledge: PasswordAcknowledge? = nil) {
        self.receipt = receipt
        self.passwordAcknowledge = passwordAcknowledge
        outcome = nil
    }

    /// The card of a write by one of TapCard's drivers in a phone session. `carrierUID` is the UID
    /// iOS announced, for a driver that reported none; `passwordAcknowledge` the PACK the tag
    /// answered when the driver presented its password.
    public init(
        _ outcome: TagWriteOutcome, technology: TagTechnology, carrierUID: [UInt8],
        passwordAcknowledge: PasswordAcknowledge? = nil
    ) {
        receipt = WriteReceipt(
            uid: outcome.facts.uid ?? carrierUID, messageBytes: outcome.messageBytes,
            reportedCapacity: outcome.capacity.bytes, verified: outcome.verified, technology: technology)
        self.passwordAcknowledge = passwordAcknowledge
        self.outcome = outcome
    }

    /// The chip the driver identified; `nil` when iOS wrote the tag or the driver named no model.
    public var model: TagModel? { outcome?.facts.model }

    /// The store's chip name when one of TapCard's drivers wrote the tag ("ntag424-dna",
    /// "icode-slix2", "felica-lite-s"; "type4", "type5", "type3" when it named no model); `nil`
    /// otherwise.
    public var driverChip: String? { outcome?.facts.storeChip }

    /// Where the capacity figure came from (the tag's CC, the card's attribute block, iOS).
    public var capacitySource: CapacitySource { outcome?.capacity.source ?? .reported }

    /// Blocks the driver wrote (distinct), for the write log; 0 when iOS wrote, or a driver
    /// whose writes the log does not count in blocks (``/TagWorkflows/TagWriteOutcome/blocksWritten``).
    var blocksWritten: Int { outcome?.blocksWritten ?? 0 }

    /// The modeled air time of the write and its read-back, in seconds (datasheet timing, not
    /// measured); `nil` when no timing model ran.
    var modeledAirTime: Double? { outcome?.modeledAirTime }

    /// The card's sentences: the driver's write in its type's own terms
    /// (``/TagWorkflows/TagWriteOutcome/summaryLines(uid:)``), else what iOS (or a Type 2 driver)
    /// wrote, the capacity, the read-back and the password's PACK.
    public var lines: [String] {
        if let lines = outcome?.summaryLines(uid: receipt.uid) { return lines }
        let uid = Hex.encode(receipt.uid, uppercase: true, separator: ":")
        let spare = receipt.reportedCapacity - receipt.messageBytes
        return [
            "Wrote \(receipt.messageBytes) bytes to tag \(uid).",
            "The tag reports room for \(receipt.reportedCapacity) bytes; \(spare) left.",
            receipt.verified
                ? "Read back in the same session: identical." : "Not read back: the write is unverified.",
        ]
            + (passwordAcknowledge.map {
                [
                    "The tag accepted the password first (it answered PACK \($0)); the pages were written with raw WRITE commands in the same session."
                ]
            } ?? [])
    }
}
