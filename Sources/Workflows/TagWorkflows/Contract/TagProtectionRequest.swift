import Type2

/// What `protect` asks of a tag: a page password to set (NTAG21x, Ultralight EV1), or pages to
/// guard with the key the tag already holds (MIFARE Ultralight C, whose 3DES key is the driver's
/// credential and is not changed by a protect).
public enum TagProtectionRequest: Sendable, Equatable {
    case password(ProtectionRequest)
    /// AUTH0 = `firstPage`; `protectsReads`: AUTH1 bit 0 clear, reads from `firstPage` on need
    /// the key too.
    case key(firstPage: Int, protectsReads: Bool)
    /// Writes a new 3DES key to an Ultralight C's key pages 2Ch–2Fh, AUTH0/AUTH1 kept; needs the
    /// current key when the tag is protected. The chip uses it from its next reset. A front end
    /// asks for confirmation first: a key nobody keeps locks the guarded pages for good.
    case newKey(UltralightCKey)
}
