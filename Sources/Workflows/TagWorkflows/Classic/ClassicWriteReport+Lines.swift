import TapCardSupport

extension ClassicWriteReport {
    /// The Classic write in figures, one sentence a line: bytes, the capacity the MAD's NDEF
    /// sectors give, the block order, how it was verified.
    public var summaryLines: [String] {
        let uidText = Hex.encode(uid, uppercase: true, separator: ":")
        let held = capacity.bytes
        let commands =
            writes.isEmpty
            ? "No block write was needed: the card already held this message."
            : "\(writes.count) block \(writes.count == 1 ? "write" : "writes") under the NDEF key A (the NDEF TLV's length in block \(lengthBlock) set to 0 first, the message blocks, then the \(lengthFieldBytes)-byte length committed last)."
        let verified = verification.sentence(header: "the MAD", holder: "card", messageBytes: messageBytes)
        return [
            "Wrote \(messageBytes) bytes to card \(uidText) (\(model?.displayName ?? "MIFARE Classic")).",
            "The card holds at most \(held) bytes (reported by its MAD's NDEF sectors); \(held - messageBytes) left.",
            commands, verified,
            "\(writeStatistics.commands + verifyStatistics.commands) commands (air time not modelled for MIFARE Classic).",
        ]
    }
}
