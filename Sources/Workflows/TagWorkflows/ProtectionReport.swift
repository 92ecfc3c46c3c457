import TagCatalog
import Type2

/// What a completed `protect` or `unprotect` did, and how it was checked.
public struct ProtectionReport: Sendable, Equatable {
    public var uid: TagUID?
    public var identification: ChipIdentification
    /// CFG0/CFG1 before and after (read back from the tag).
    public var before: AccessConfiguration
    public var after: AccessConfiguration
    /// The page writes sent, in order (empty: the tag already held this protection).
    public var writes: [PageWrite]
    /// The password and PACK now in effect; `nil` when the tag is unprotected.
    public var password: Type2Password?
    public var acknowledge: PasswordAcknowledge?
    /// True when the tag accepted `password` after the writes and answered `acknowledge`.
    public var passwordVerified: Bool
    public var writeStatistics: CommandStatistics
    public var verifyStatistics: CommandStatistics
}
