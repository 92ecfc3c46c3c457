import CoreNFCTransport
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type2
import Type3
import Type5

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

    /// What TapCard's own Type 4 write did, when it wrote the tag; `nil` otherwise.
    public var type4: Type4WriteReport? {
        if case .type4(let report)? = outcome?.detail { return report }
        return nil
    }

    /// What TapCard's own Type 5 write did, when it wrote the tag; `nil` otherwise.
    public var type5: Type5WriteReport? {
        if case .type5(let report)? = outcome?.detail { return report }
        return nil
    }

    /// What TapCard's own Type 3 write did, when it wrote the card; `nil` otherwise.
    public var type3: Type3WriteReport? {
        if case .type3(let report)? = outcome?.detail { return report }
        return nil
    }

    /// What TapCard's own Type 2 write did, when it wrote the tag; `nil` otherwise.
    public var type2: WriteReport? {
        if case .type2(let report)? = outcome?.detail { return report }
        return nil
    }

    /// The chip the driver identified; `nil` when iOS wrote the tag or the driver named no model.
    public var model: TagModel? { outcome?.facts.model }

    /// The store's chip name when one of TapCard's drivers wrote the tag ("ntag424-dna",
    /// "icode-slix2", "felica-lite-s"; "type4", "type5", "type3" when it named no model); `nil`
    /// otherwise.
    public var driverChip: String? {
        guard let outcome else { return nil }
        if let model = outcome.facts.model { return model.rawValue }
        return outcome.facts.forumType == 4 ? TagModel.genericType4.rawValue : "type\(outcome.facts.forumType)"
    }

    /// Where the capacity figure came from (the tag's CC, the card's attribute block, iOS).
    public var capacitySource: CapacitySource { outcome?.capacity.source ?? .reported }

    /// Blocks the driver wrote (distinct), for the write log; 0 when iOS or Type 4 wrote.
    var blocksWritten: Int {
        if let type5 { return Set(type5.writes.map(\.block)).count }
        if let type3 { return type3.blocksWritten.count }
        return 0
    }

    /// The modeled air time of the write and its read-back, in seconds (datasheet timing, not
    /// measured); `nil` when no timing model ran.
    var modeledAirTime: Double? {
        guard let outcome, type5 != nil || type3 != nil else { return nil }
        return (outcome.writeStatistics.modeledMicroseconds + outcome.verifyStatistics.modeledMicroseconds) / 1e6
    }

    public var lines: [String] {
        if let type4 { return Self.type4Lines(type4, uid: receipt.uid) }
        if let type5 { return Self.type5Lines(type5) }
        if let type3 { return Self.type3Lines(type3) }
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

    /// The Type 4 write in figures: bytes, the capacity the CC file reports, the UPDATE BINARY
    /// commands, and how it was verified.
    static func type4Lines(_ report: Type4WriteReport, uid: [UInt8]) -> [String] {
        let file = Hex.encode([UInt8(report.file >> 8), UInt8(report.file & 0xFF)], uppercase: true)
        let field = report.lengthFieldBytes == 4 ? "ENLEN" : "NLEN"
        let capacity = report.capacity.bytes
        let updates =
            report.writes.isEmpty
            ? "No UPDATE BINARY was needed: the tag already held this message."
            : "\(report.writes.count) UPDATE BINARY \(report.writes.count == 1 ? "command" : "commands") (\(field) cleared first and set last when the message takes more than one)."
        let verified =
            switch report.verification {
            case .readBack(let scope, let match):
                "Read back in the same session: \(field) and the \(Self.readBackBytes(scope))-byte message \(match == .bytes ? "match record by record" : "decode to the same records, in other bytes than were written")."
            case .alreadyOnTag:
                "Verified: the read before writing found these \(report.messageBytes) bytes on the tag."
            case .none: "Not read back: the write is unverified."
            }
        return [
            "Wrote \(report.messageBytes) bytes to NDEF file \(file) of tag \(Hex.encode(uid, uppercase: true, separator: ":")) (\(report.identification.phrase)).",
            "The NDEF file holds at most \(capacity) bytes (reported by the tag's CC file: max size \(capacity + report.lengthFieldBytes) − \(report.lengthFieldBytes)-byte \(field)); \(capacity - report.messageBytes) left.",
            updates, verified,
        ]
    }

    /// "12.3 ms modeled (datasheet timing, not measured) for 9 commands".
    static func modeled(_ write: CommandStatistics, _ verify: CommandStatistics) -> String {
        let total = ((write.modeledMicroseconds + verify.modeledMicroseconds) / 100).rounded() / 10
        return
            "Air time: \(total) ms modeled for \(write.commands + verify.commands) commands (datasheet timing, not measured; the phone adds its own latency)."
    }

    /// The Type 5 write in figures: bytes, the capacity the CC reports, the WRITE SINGLE BLOCK
    /// order, how it was verified, and the modeled air time.
    static func type5Lines(_ report: Type5WriteReport) -> [String] {
        let uid = Hex.encode(report.uid, uppercase: true, separator: ":")
        let capacity = report.capacity.bytes
        let source = report.capacity.source == .reported ? "reported by the tag's CC" : "assumed"
        let writes =
            report.writes.isEmpty
            ? "No WRITE SINGLE BLOCK was needed: the tag already held this message."
            : "\(report.writes.count) WRITE SINGLE BLOCK \(report.writes.count == 1 ? "command" : "commands") (the NDEF TLV's length in block \(report.lengthBlock) set to 0 first, the message blocks, then the \(report.lengthFieldBytes)-byte length committed last)."
        let verified =
            switch report.verification {
            case .readBack(let scope, let match):
                "Verified: the CC and the \(Self.readBackBytes(scope))-byte message read back in the same session \(match == .bytes ? "decode to the same records" : "decode to the same records, in other bytes than were written")."
            case .alreadyOnTag:
                "Verified: the read before writing found these \(report.messageBytes) bytes on the tag, record by record."
            case .none: "Not read back: the write is unverified."
            }
        return [
            "Wrote \(report.messageBytes) bytes to tag \(uid) (\(report.identification.phrase)).",
            "The tag holds at most \(capacity) bytes (\(source)); \(capacity - report.messageBytes) left.",
            writes, verified, modeled(report.writeStatistics, report.verifyStatistics),
        ]
    }

    /// The Type 3 write in figures: bytes, the capacity the attribute block reports, the Update
    /// order (WriteF 0F, data, WriteF 00 with Ln), how it was verified, and the modeled air time.
    static func type3Lines(_ report: Type3WriteReport) -> [String] {
        let idm = Hex.encode(report.idm, uppercase: true, separator: ":")
        let capacity = report.capacity.bytes
        let source =
            report.capacity.source == .reported ? "reported by the card's attribute block: Nmaxb × 16" : "assumed"
        let updates: String
        if report.writes.isEmpty {
            updates = "No Update was needed: the card already held this message."
        } else if report.writes.count == 1 {
            updates = "1 Update (the attribute block with WriteF 00 and Ln 0: the message emptied)."
        } else {
            let data = report.writes.count - 2
            updates =
                "\(report.writes.count) Updates (the attribute block with WriteF 0F first, \(data) data \(data == 1 ? "Update" : "Updates") of blocks \(report.blocksWritten.filter { $0 != 0 }.map(String.init).joined(separator: ", ")), then WriteF 00 with Ln \(report.messageBytes) last)."
        }
        let verified =
            switch report.verification {
            case .readBack(let scope, let match):
                "Verified: block 0 and the \(Self.readBackBytes(scope))-byte message read back in the same session \(match == .bytes ? "decode to the same records" : "decode to the same records, in other bytes than were written")."
            case .alreadyOnTag:
                "Verified: the read before writing found these \(report.messageBytes) bytes on the card, record by record."
            case .none: "Not read back: the write is unverified."
            }
        return [
            "Wrote \(report.messageBytes) bytes to the card with IDm \(idm) (\(report.identification.phrase)).",
            "The card holds at most \(capacity) bytes (\(source)); \(capacity - report.messageBytes) left.",
            updates, verified, modeled(report.writeStatistics, report.verifyStatistics),
        ]
    }

    /// How many message bytes a read-back covered (Types 3, 4 and 5 count bytes).
    static func readBackBytes(_ scope: WriteVerification.Scope) -> Int {
        if case .bytes(let bytes) = scope { return bytes }
        return 0
    }
}
