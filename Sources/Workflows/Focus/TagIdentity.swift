import TapCardSupport

/// Who a tag is: its UID and its chip type, read from the tag itself.
///
/// The NDEF content is deliberately not part of identity. A focus tag may be rewritten (a new
/// URL, a note) and must still be the same tag; and a weak tap that reads the UID but not the
/// message must not turn the right tag into a stranger (the failure mode of apps that match on
/// `url ?? uid`). The chip type is part of identity so that a UID copied onto a different chip
/// (a "magic" clone of another model) is not taken for the original.
public struct TagIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The UID bytes as the tag reports them (7 bytes for NTAG21x).
    public var uid: [UInt8]
    /// The chip type's stable name, e.g. "ntag213" (a `TagModel` raw value).
    public var chip: String

    public init(uid: [UInt8], chip: String) {
        self.uid = uid
        self.chip = chip
    }

    /// The UID as uppercase hex with colons, the way readers print it.
    public var uidText: String { Hex.encode(uid, uppercase: true, separator: ":") }

    public var description: String { "\(chip) \(uidText)" }
}
