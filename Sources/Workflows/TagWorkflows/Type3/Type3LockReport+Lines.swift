import TagCatalog
import TapCardSupport
import Type3

extension Type3LockReport {
    /// The FeliCa Lite-S lock in words, one sentence a line, for every front end: the Updates,
    /// block 0 and MC as read back ("Verified" only when every part is in place), and which step
    /// is permanent. The CLI prints these between its header and statistics.
    public var summaryLines: [String] {
        let idmText = Hex.encode(idm, uppercase: true, separator: ":")
        let chip = identification.model?.displayName ?? "the card"
        let sent =
            writes.isEmpty
            ? "\(chip.prefix(1).uppercased() + chip.dropFirst()) with IDm \(idmText) was locked already: nothing was sent after reading block 0 and MC."
            : "Locked \(chip) with IDm \(idmText) in \(writes.count) \(writes.count == 1 ? "Update" : "Updates"): \(steps.map(Self.words).joined(separator: "; "))."
        let flag = attribute.map { $0.isReadOnly ? "RW flag 00" : "RW flag 01" } ?? "no attribute block"
        let mc = memoryConfiguration
        let readBack =
            "read back, block 0 has \(flag); MC \(Hex.encode(mc.bytes, uppercase: true, separator: " ")) (\(mc.description.joined(separator: "; ")))."
        return [
            sent,
            verified
                ? "Verified: \(readBack) No reader can write this card's message again."
                : "NOT verified: \(readBack) Not every part of the lock is in place: lock it again to complete it.",
            "Permanent: the lock-memory step (MC_ALL 00) can never be undone; nothing can make the MC or S_PAD0–13 writable again.",
        ]
    }

    /// One configuration Update in words, with whether it can be undone.
    static func words(_ step: Type3ConfigurationWrite.Step) -> String {
        switch step {
        case .readOnlyFlag: "the attribute block's RW flag set to 00 (reversible on its own)"
        case .lockMemory: "MC with S_PAD0–13 read-only and MC_ALL 00 (permanent)"
        case .enableNDEF: "MC SYS_OP 01"
        case .attribute: "the attribute block"
        case .zeroData: "a data block zeroed"
        }
    }
}
