/// How to format, where a tag type offers a choice (Type 5's CC feature bits, a DESFire's NDEF
/// file size and PICC master key); other types take the defaults.
public struct FormatOptions: Sendable, Equatable {
    /// Type 5: set MBREAD (CC3 bit 0); iOS then will not read the tag.
    public var multipleBlockRead: Bool
    /// Type 5: rewrite only the CC with MBREAD clear (a repair, not a format).
    public var fixForIOS: Bool
    /// DESFire: the NDEF file's size in bytes, NLEN included (`nil`: the default, fitted to the
    /// card's free memory).
    public var ndefFileSize: Int?
    /// DESFire: the PICC master key (AES, 16 bytes), used only when the card refuses to create the
    /// application without it (`nil`: the all-zero key). Never printed or stored.
    public var key: [UInt8]?

    public init(multipleBlockRead: Bool = false, fixForIOS: Bool = false, ndefFileSize: Int? = nil, key: [UInt8]? = nil)
    {
        self.multipleBlockRead = multipleBlockRead
        self.fixForIOS = fixForIOS
        self.ndefFileSize = ndefFileSize
        self.key = key
    }
}
