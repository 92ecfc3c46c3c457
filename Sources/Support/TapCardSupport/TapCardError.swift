/// Who made the decision that an error reports.
///
/// "We refused" and "the tag refused" must never look alike: a preflight refusal leaves the tag
/// untouched, a tag's NAK means the tag saw the command, and a lost tag means nobody knows.
public enum ErrorOrigin: String, Sendable, Equatable, CaseIterable {
    /// The bytes, text or arguments we were given are malformed; nothing was sent to a tag.
    case input
    /// TapCard refused on purpose (a preflight check, a missing confirmation); nothing was sent.
    case refusal
    /// The tag answered and refused (a NAK, an error status word).
    case tag
    /// The radio or the reader failed to deliver (timeout, tag left the field, reader gone).
    case transport
    /// The operating system or a system library reported a failure (PC/SC, SQLite, CoreNFC, files).
    case platform
}

/// The contract every TapCard error keeps: a human sentence with the figures behind it, and who
/// decided. Types conforming to this are enums whose cases carry the numbers (bytes, capacity,
/// page, status word); `sentence` is the one place that turns a case into words a person can act on.
public protocol TapCardError: Error, CustomStringConvertible, Sendable {
    /// Who made the decision this error reports.
    var origin: ErrorOrigin { get }
    /// One or more complete sentences, never empty, with the figures that explain the failure.
    var sentence: String { get }
}

extension TapCardError {
    public var description: String { sentence }
}
