import CoreNFCTransport
import TapCardSupport
import Type2

/// The report card after a write: what was written, the capacity the tag reported, and whether
/// reading it back in the same session matched.
public struct WriteReportCard: Sendable, Equatable {
    public let receipt: WriteReceipt
    /// The PACK the tag answered when the write presented its password first; `nil`: no password.
    public let passwordAcknowledge: PasswordAcknowledge?

    public init(_ receipt: WriteReceipt, passwordAcknowledge: PasswordAcknowledge? = nil) {
        self.receipt = receipt
        self.passwordAcknowledge = passwordAcknowledge
    }

    public var lines: [String] {
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
