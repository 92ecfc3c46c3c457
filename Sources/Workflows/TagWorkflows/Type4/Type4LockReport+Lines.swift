import TagCatalog
import TapCardSupport
import Type4

extension Type4LockReport {
    /// The Type 4 lock (an NTAG 424 DNA, a MIFARE DESFire's NDEF application) in words, one
    /// sentence a line, for every front end: the steps sent and the authentication they took,
    /// then the CC file and both files' settings as read back. "Verified" only when the read-back
    /// shows every part in place. `uid` is the tag's (or its carrier's).
    public func summaryLines(uid: [UInt8]) -> [String] {
        let name = Hex.encode(uid, uppercase: true, separator: ":")
        let chip = identification.model?.displayName ?? "the tag"
        let sent =
            steps.isEmpty
            ? "\(chip.prefix(1).uppercased() + chip.dropFirst()) \(name) was locked already: nothing was sent after reading its CC file and file settings."
            : "Locked \(chip) \(name) with key 0 (\(authenticationName)), \(steps.count) step\(steps.count == 1 ? "" : "s"): "
                + steps.map(\.words).joined(separator: "; ") + "."
        let files = fileSettings.keys.sorted().compactMap { number -> String? in
            guard let rights = fileSettings[number]?.accessRights else { return nil }
            return
                "file \(number) write \(rights.write.phrase), read-write \(rights.readWrite.phrase), change \(rights.change.phrase)"
        }
        let readBack =
            "read back, the CC file says write access \(ccWriteAccess.phrase) (\(Hex.encode([ccWriteAccess.byte], uppercase: true))); "
            + files.joined(separator: "; ") + "."
        return [
            sent,
            verified
                ? "Verified: \(readBack) "
                    + (desfireUndo?.sentence ?? "No command can make this tag writable again.")
                : "NOT verified: \(readBack) Not every part of the lock is in place: lock it again to complete it.",
        ]
    }
}

extension Type4LockReport.Step {
    /// The step in words.
    public var words: String {
        switch self {
        case .ccWriteAccess: "FF into the CC file's NDEF write-access byte"
        case .ndefFileSettings: "the NDEF file's settings to write, read-write and change never"
        case .ccFileSettings: "the CC file's settings to write, read-write and change never"
        }
    }
}
