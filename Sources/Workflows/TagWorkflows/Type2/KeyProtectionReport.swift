import TagCatalog
import Type2

/// What a protect, unprotect or key change on a key-guarded Type 2 chip (MIFARE Ultralight C,
/// Ultralight AES) did, in chip-neutral words: the protection before and as read back after, and
/// the page writes sent (key pages included; their bytes are the key's stored form, so a printer
/// must not show them: ``/Type2/KeyAccessState/keyPages`` says which).
public struct KeyProtectionReport: Sendable, Equatable {
    public var uid: TagUID?
    public var identification: ChipIdentification?
    public var before: KeyAccessState
    /// Read back from the tag after the writes: it equals the plan's final state.
    public var after: KeyAccessState
    public var writes: [PageWrite]
    /// True when the tag accepted the driver's key (mutual authentication) before the writes;
    /// false when none was given (an unprotected tag, or an unprotect with nothing to do).
    public var keyAuthenticated: Bool
    public var writeStatistics: CommandStatistics
    public var verifyStatistics: CommandStatistics

    public init(
        uid: TagUID? = nil, identification: ChipIdentification? = nil, before: KeyAccessState,
        after: KeyAccessState, writes: [PageWrite], keyAuthenticated: Bool = false,
        writeStatistics: CommandStatistics = CommandStatistics(),
        verifyStatistics: CommandStatistics = CommandStatistics()
    ) {
        self.uid = uid
        self.identification = identification
        self.before = before
        self.after = after
        self.writes = writes
        self.keyAuthenticated = keyAuthenticated
        self.writeStatistics = writeStatistics
        self.verifyStatistics = verifyStatistics
    }

    /// The cipher of the chip's key.
    public var cipher: Type2KeyCipher { after.cipher }

    /// True when the writes included the key pages: the new key counts from the next RF reset.
    public var changedKey: Bool { writes.contains { after.keyPages.contains($0.page) } }
}
