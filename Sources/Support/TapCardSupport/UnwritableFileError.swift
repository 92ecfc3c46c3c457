/// An error that may say a file TapCard keeps (a database, a virtual tag) could not be written
/// where it lies: a read-only filesystem, a full disk, a directory the user may not write. The
/// CLI's rule gives every such failure one status (74, "writing a file failed"), whichever
/// layer noticed it.
public protocol UnwritableFileError: TapCardError {
    /// True when this error is about a file that could not be written.
    var isUnwritable: Bool { get }
}
