import TapCardSupport

extension Type4WriteReport {
    /// The Type 4 write in figures, one sentence a line: bytes, the capacity the CC file reports,
    /// the UPDATE BINARY commands, and how it was verified. `uid` is the tag's (or its carrier's).
    public func summaryLines(uid: [UInt8]) -> [String] {
        let fileID = Hex.encode([UInt8(file >> 8), UInt8(file & 0xFF)], uppercase: true)
        let field = lengthFieldBytes == 4 ? "ENLEN" : "NLEN"
        let held = capacity.bytes
        let updates =
            writes.isEmpty
            ? "No UPDATE BINARY was needed: the tag already held this message."
            : "\(writes.count) UPDATE BINARY \(writes.count == 1 ? "command" : "commands") (\(field) cleared first and set last when the message takes more than one)."
        let verified =
            switch verification {
            case .readBack(let scope, let match):
                "Read back in the same session: \(field) and the \(scope.readBackBytes)-byte message \(match == .bytes ? "match record by record" : "decode to the same records, in other bytes than were written")."
            case .alreadyOnTag:
                "Verified: the read before writing found these \(messageBytes) bytes on the tag."
            case .none: "Not read back: the write is unverified."
            }
        return [
            "Wrote \(messageBytes) bytes to NDEF file \(fileID) of tag \(Hex.encode(uid, uppercase: true, separator: ":")) (\(identification.phrase)).",
            "The NDEF file holds at most \(held) bytes (reported by the tag's CC file: max size \(held + lengthFieldBytes) − \(lengthFieldBytes)-byte \(field)); \(held - messageBytes) left.",
            updates, verified,
        ]
    }
}
