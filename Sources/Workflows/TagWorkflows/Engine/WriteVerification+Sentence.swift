extension WriteVerification {
    /// How the write was checked, in one sentence for a front end to show: "Verified: `header`
    /// and the N-byte message read back in the same session decode to the same records." for a
    /// read-back (`header`: what was read besides the message, "the CC" or "block 0"), the read
    /// before writing for a message already there (`holder`: "tag" or "card"), or "Not read back".
    public func sentence(header: String, holder: String, messageBytes: Int) -> String {
        switch self {
        case .readBack(let scope, let match):
            "Verified: \(header) and the \(scope.readBackBytes)-byte message read back in the same session \(match == .bytes ? "decode to the same records" : "decode to the same records, in other bytes than were written")."
        case .alreadyOnTag:
            "Verified: the read before writing found these \(messageBytes) bytes on the \(holder), record by record."
        case .none: "Not read back: the write is unverified."
        }
    }
}
