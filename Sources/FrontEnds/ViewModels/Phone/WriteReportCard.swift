import CoreNFCTransport
import TapCardSupport

/// The report card after a write: what was written, the capacity the tag reported, and whether
/// reading it back in the same session matched.
public struct WriteReportCard: Sendable, Equatable {
    public let receipt: WriteReceipt

    public init(_ receipt: WriteReceipt) { self.receipt = receipt }

    public var lines: [String] {
        let uid = Hex.encode(receipt.uid, uppercase: true, separator: ":")
        let spare = receipt.reportedCapacity - receipt.messageBytes
        return [
            "Wrote \(receipt.messageBytes) bytes to tag \(uid).",
            "The tag reports room for \(receipt.reportedCapacity) bytes; \(spare) left.",
            receipt.verified
                ? "Read back in the same session: identical." : "Not read back: the write is unverified.",
        ]
    }
}
