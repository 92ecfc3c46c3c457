import TagCatalog
import TapCardSupport

extension Type4LockReport {
    /// The NTAG 424 DNA lock in words, one sentence a line: the steps, then the CC and file
    /// settings as read back. `uid` is the tag's (or its carrier's).
    public func summaryLines(uid: [UInt8]) -> [String] {
        let name = Hex.encode(uid, uppercase: true, separator: ":")
        let sent =
            steps.isEmpty
            ? "Nothing needed sending: the tag \(name) was already locked."
            : "Locked \(identification.model?.displayName ?? "the tag") \(name) after authenticating with key 0: \(steps.map(\.rawValue).joined(separator: ", "))."
        var lines = [sent, "Read back: the CC file's NDEF write access is \(ccWriteAccess)."]
        for number in fileSettings.keys.sorted() {
            guard let settings = fileSettings[number] else { continue }
            lines.append("File \(number) read back: \(settings.phrase)")
        }
        lines.append(
            verified
                ? "Verified: every part of the lock is in place; no reader can write this tag again."
                : "The read-back does not show every part of the lock in place: scan the tag, then lock it again.")
        return lines
    }
}
