import Type2

/// What a scan learned about a tag's password protection (NTAG21x / Ultralight EV1 CFG0 and CFG1),
/// read with one READ of the configuration page after GET_VERSION named a chip that has one.
public enum ProtectionReading: Sendable, Equatable {
    /// The chip has no password (NTAG203, MIFARE Ultralight), or it was not identified.
    case notApplicable
    /// CFG0 and CFG1 as the tag holds them (AUTH0, PROT, CFGLCK, AUTHLIM).
    case configuration(AccessConfiguration)
    /// The configuration page `page` could not be read: the tag refuses it without the password
    /// (PROT 1 with AUTH0 at or before it), or it left the field just then. Either way, pages
    /// from somewhere up to `page` may need the password.
    case notReadable(page: Int)
}
