import CoreNFCTransport
import TagWorkflows
import TapCardSupport
import Type2

/// The report card after a write: what was written, the capacity the tag reported, and whether
/// reading it back in the same session matched.
public struct WriteReportCard: Sendable, Equatable {
    public let receipt: WriteReceipt
    /// The PACK the tag answered when the write presented its password first; `nil`: no password.
    public let passwordAcknowledge: PasswordAcknowledge?
    /// What TapCard's own Type 4 write did, when it wrote the tag; `nil` when iOS or the Type 2
    /// driver did.
    public let type4: Type4WriteReport?

    public init(_ receipt: WriteReceipt, passwordAcknowledge: PasswordAcknowledge? = nil) {
        self.receipt = receipt
        self.passwordAcknowledge = passwordAcknowledge
        type4 = nil
    }

    /// The card of a write by TapCard's Type 4 driver over the phone's ISO-DEP channel.
    public init(_ report: Type4WriteReport, technology: TagTechnology, carrierUID: [UInt8]) {
        receipt = WriteReceipt(
            uid: report.uid ?? carrierUID, messageBytes: report.messageBytes, reportedCapacity: report.capacity.bytes,
            verified: report.verified, technology: technology)
        passwordAcknowledge = nil
        type4 = report
    }

    public var lines: [String] {
        if let type4 { return Self.type4Lines(type4, uid: receipt.uid) }
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
            case .readBack(let bytes):
                "Read back in the same session: \(field) and the \(bytes)-byte message match record by record."
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
}
