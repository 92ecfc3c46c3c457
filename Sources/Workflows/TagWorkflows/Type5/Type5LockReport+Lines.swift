import TagCatalog
import TapCardSupport

extension Type5LockReport {
    /// The Type 5 lock in words, one sentence a line: the steps, which are permanent, and the CC
    /// and block security as read back.
    public var summaryLines: [String] {
        let name = Hex.encode(uid, uppercase: true, separator: ":")
        let chip = identification.model?.displayName ?? "the tag"
        let sent =
            steps.isEmpty
            ? "Nothing needed sending: the tag \(name) was already locked."
            : "Locked \(chip) \(name) in \(steps.count) \(steps.count == 1 ? "step" : "steps"): \(steps.map(\.label).joined(separator: "; "))."
        let locked =
            lockedBlocks.map { blocks in
                blocks.isEmpty ? "no block locked" : "blocks \(blocks.map(String.init).joined(separator: ", ")) locked"
            } ?? "the block security statuses could not be read"
        let permanence =
            isPermanent
            ? "Permanent: the LOCK BLOCK steps (blocks \(blocksToLock.map(String.init).joined(separator: ", "))) can never be undone; the CC's write access alone could be rewritten, which is why the CC block is locked last."
            : "Not permanent: this chip takes no LOCK BLOCK, so only the CC's write access says read-only; raw block writes can still change the tag."
        return [
            sent,
            "Read back: the CC's write access is \(ccWriteAccess.map { "\($0)" } ?? "unknown"); \(locked).",
            permanence,
            verified
                ? "Verified: every part of the lock is in place; no reader can write this tag's message again."
                : "The read-back does not show every part of the lock in place: scan the tag, then lock it again.",
        ]
    }
}
