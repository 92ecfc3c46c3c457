import TapCardSupport

extension Type3WriteReport {
    /// The Type 3 write in figures, one sentence a line: bytes, the capacity the attribute block
    /// reports, the Update order (WriteF 0F, data, WriteF 00 with Ln), how it was verified, and
    /// the modeled air time.
    public var summaryLines: [String] {
        let idmText = Hex.encode(idm, uppercase: true, separator: ":")
        let held = capacity.bytes
        let source =
            capacity.source == .reported ? "reported by the card's attribute block: Nmaxb × 16" : "assumed"
        let updates: String
        if writes.isEmpty {
            updates = "No Update was needed: the card already held this message."
        } else if writes.count == 1 {
            updates = "1 Update (the attribute block with WriteF 00 and Ln 0: the message emptied)."
        } else {
            let data = writes.count - 2
            updates =
                "\(writes.count) Updates (the attribute block with WriteF 0F first, \(data) data \(data == 1 ? "Update" : "Updates") of blocks \(blocksWritten.filter { $0 != 0 }.map(String.init).joined(separator: ", ")), then WriteF 00 with Ln \(messageBytes) last)."
        }
        let verified = verification.sentence(header: "block 0", holder: "card", messageBytes: messageBytes)
        return [
            "Wrote \(messageBytes) bytes to the card with IDm \(idmText) (\(identification.phrase)).",
            "The card holds at most \(held) bytes (\(source)); \(held - messageBytes) left.",
            updates, verified, CommandStatistics.airTimeLine(write: writeStatistics, verify: verifyStatistics),
        ]
    }
}
