import TagCatalog
import TapCardSupport

extension Type5LockReport {
    /// The Type 5 lock in words, one sentence a line, for every front end: the steps, the CC and
    /// block security as read back ("Verified" only when every part is in place), and whether it
    /// is permanent. The CLI prints these between its header and statistics.
    public var summaryLines: [String] {
        let name = Hex.encode(uid, uppercase: true, separator: ":")
        let chip = identification.model?.displayName ?? "the tag"
        let sent =
            steps.isEmpty
            ? "\(chip.prefix(1).uppercased() + chip.dropFirst()) \(name) was locked already: nothing was sent after reading its CC and block security."
            : "Locked \(chip) \(name) in \(steps.count) \(steps.count == 1 ? "step" : "steps"): \(steps.map(\.label).joined(separator: "; "))."
        let locked =
            lockedBlocks.map { $0.isEmpty ? "no block locked" : "\(Self.blockPhrase($0)) locked" }
            ?? "the block security statuses could not be read"
        let readBack =
            "read back, the CC's write access is \(ccWriteAccess.map { "\($0)" } ?? "unknown"); \(locked)."
        let permanence =
            isPermanent
            ? "Permanent: the LOCK BLOCK steps (\(Self.blockPhrase(blocksToLock))) can never be undone; the CC's write access alone could be rewritten, which is why the CC block is locked last."
            : "Not permanent: this chip takes no LOCK BLOCK, so only the CC's write access says read-only; raw block writes can still change the tag."
        return [
            sent,
            verified
                ? "Verified: \(readBack)"
                : "NOT verified: \(readBack) Not every part of the lock is in place: lock it again to complete it.",
            permanence,
        ]
    }

    /// "block 1", "blocks 0–5", "blocks 0, 2 and 7–9".
    static func blockPhrase(_ blocks: [Int]) -> String {
        "block" + PageList.phrase(blocks).dropFirst("page".count)
    }
}
