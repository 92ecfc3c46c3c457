import TagCatalog
import TagFrames
import Type4

/// What a completed NTAG 424 DNA lock did and what the tag shows afterwards, read back.
public struct Type4LockReport: Sendable, Equatable {
    /// One step of the lock, in the order sent.
    public enum Step: String, Sendable, Equatable {
        /// WriteData of FF into the CC file's NDEF write-access byte (offset 14): readers see read-only.
        case ccWriteAccess = "cc-write-access"
        /// ChangeFileSettings of the NDEF file (2): write, read-write and change "never".
        case ndefFileSettings = "ndef-file-settings"
        /// ChangeFileSettings of the CC file (1): write, read-write and change "never", so the CC
        /// can never again claim the file writable.
        case ccFileSettings = "cc-file-settings"
    }

    public var identification: Type4Identification
    public var uid: [UInt8]?
    /// The steps sent (a step already in place is skipped).
    public var steps: [Step]
    /// The CC file's NDEF write-access byte after the lock, as read back.
    public var ccWriteAccess: Type4Access
    /// GetFileSettings of files 1 and 2 after the lock, as read back.
    public var fileSettings: [UInt8: NTAG424FileSettings]
    /// On a MIFARE DESFire, who can still undo the lock (read back); `nil` on a chip whose files
    /// cannot be deleted (NTAG 424 DNA), where the lock is permanent.
    public var desfireUndo: DESFireLockUndo?
    public var statistics: CommandStatistics

    /// The name of the authentication the lock used: AuthenticateEV2First, or AuthenticateAES on a
    /// DESFire EV1 (which knows no EV2First).
    public var authenticationName: String {
        (identification.speaksEV2 ? DESFireInstruction.authenticateEV2First : .authenticateAES).name
    }

    /// True when the read-back shows every part of the lock in place.
    public var verified: Bool {
        ccWriteAccess == .never && [UInt8(1), 2].allSatisfy { fileSettings[$0].map(Type4Tag.isLocked) ?? false }
    }
}
