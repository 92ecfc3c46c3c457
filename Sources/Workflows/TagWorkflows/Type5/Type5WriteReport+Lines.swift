import TapCardSupport

extension Type5WriteReport {
    /// The Type 5 write in figures, one sentence a line: bytes, the capacity the CC reports, the
    /// WRITE SINGLE BLOCK order, how it was verified, and the modeled air time.
    public var summaryLines: [String] {
        let uidText = Hex.encode(uid, uppercase: true, separator: ":")
        let held = capacity.bytes
        let source = capacity.source == .reported ? "reported by the tag's CC" : "assumed"
        let commands =
            writes.isEmpty
            ? "No WRITE SINGLE BLOCK was needed: the tag already held this message."
            : "\(writes.count) WRITE SINGLE BLOCK \(writes.count == 1 ? "command" : "commands") (the NDEF TLV's length in block \(lengthBlock) set to 0 first, the message blocks, then the \(lengthFieldBytes)-byte length committed last)."
        let verified = verification.sentence(header: "the CC", holder: "tag", messageBytes: messageBytes)
        return [
            "Wrote \(messageBytes) bytes to tag \(uidText) (\(identification.phrase)).",
            "The tag holds at most \(held) bytes (\(source)); \(held - messageBytes) left.",
            commands, verified, CommandStatistics.airTimeLine(write: writeStatistics, verify: verifyStatistics),
        ]
    }
}
