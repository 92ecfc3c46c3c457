import Type2

/// What `protect` asks of a tag: a page password to set (NTAG21x, Ultralight EV1), or pages to
/// guard with the key the tag already holds (MIFARE Ultralight C, Ultralight AES, whose 16-byte
/// key is the driver's credential and is not changed by a protect).
public enum TagProtectionRequest: Sendable, Equatable {
    case password(ProtectionRequest)
    /// AUTH0 = `firstPage`; `protectsReads`: reads from `firstPage` on need the key too.
    case key(firstPage: Int, protectsReads: Bool)
    /// Writes a new key to the chip's key pages, AUTH0 and the read guard kept; needs the
    /// current key when the tag is protected. The chip uses it from its next reset. A front end
    /// asks for confirmation first: a key nobody keeps locks the guarded pages for good.
    case newKey(Type2AuthenticationKey)
}
