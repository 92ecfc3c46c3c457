/// Everything an emulated Type 4 tag keeps between sessions: its files, its application keys and
/// its originality signature. The session (which application and file are selected, a GetVersion
/// in progress) is not part of it, so a command compares it before and after to know whether the
/// tag's file must be saved.
public struct Type4Memory: Sendable, Equatable {
    /// The files, CC first.
    public var files: [Type4File]
    /// The AES application keys (NTAG 424 DNA: 5); empty on a chip without keys.
    public var keys: [Type4Key]
    /// The 56-byte ECC originality signature Read_Sig returns (NTAG 424 DNA), or empty. We cannot
    /// sign with NXP's key, so a new tag's is zeros; an imported one keeps its own.
    public var signature: [UInt8]
    /// True once SetConfiguration has switched the tag to LRP secure messaging (NTAG 424 DNA
    /// PDCap2.1 bit 1): permanent, and it changes how the tag mirrors SUN messages (AN12304).
    public var lrp: Bool
    /// A MIFARE DESFire's applications, files and keys (its files and keys are there, not in
    /// ``files`` and ``keys``, which stay empty); `nil` on a tag with fixed files.
    public var picc: DESFirePICC?

    public init(
        files: [Type4File], keys: [Type4Key], signature: [UInt8], lrp: Bool = false, picc: DESFirePICC? = nil
    ) {
        self.files = files
        self.keys = keys
        self.signature = signature
        self.lrp = lrp
        self.picc = picc
    }

    /// The index of the file with ISO identifier `identifier`.
    func index(ofIdentifier identifier: UInt16) -> Int? {
        files.firstIndex { $0.identifier == identifier }
    }

    /// The index of the file with native number (short file identifier) `number`.
    func index(ofNumber number: UInt8) -> Int? {
        files.firstIndex { $0.number == number }
    }
}
