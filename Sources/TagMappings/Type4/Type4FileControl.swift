/// One File Control TLV of a Type 4 CC file: which elementary file, how large it may grow, and
/// who may read and write it (NFC Forum T4T 2.0 §5.1.2; the Extended NDEF File Control TLV of
/// T4T 3.0 §5.1.2.3 has a 4-byte size).
///
/// Value layout: file identifier (2, big endian) · maximum file size (2, or 4 when extended) ·
/// read access (1) · write access (1).
public struct Type4FileControl: Sendable, Hashable {
    /// The ISO/IEC 7816-4 file identifier to SELECT (E104 on most tags).
    public var identifier: UInt16
    /// The largest the file may be, in bytes, length field included.
    public var maximumSize: Int
    public var readAccess: Type4Access
    public var writeAccess: Type4Access
    /// True for the T4T 3.0 Extended NDEF File Control TLV (T = 06, 4-byte size, 4-byte ENLEN).
    public var isExtended: Bool

    public init(
        identifier: UInt16, maximumSize: Int, readAccess: Type4Access, writeAccess: Type4Access,
        isExtended: Bool = false
    ) {
        self.identifier = identifier
        self.maximumSize = maximumSize
        self.readAccess = readAccess
        self.writeAccess = writeAccess
        self.isExtended = isExtended
    }

    /// The TLV tag of an NDEF File Control TLV.
    public static let ndefTag: UInt8 = 0x04
    /// The TLV tag of a Proprietary File Control TLV.
    public static let proprietaryTag: UInt8 = 0x05
    /// The TLV tag of the T4T 3.0 Extended NDEF File Control TLV.
    public static let extendedNDEFTag: UInt8 = 0x06

    /// The width of the NDEF file's length field: 2 (NLEN), or 4 (ENLEN) in an extended file.
    public var lengthFieldBytes: Int { isExtended ? 4 : 2 }

    /// The largest message the file holds: its maximum size less the length field, never negative.
    public var maximumMessageBytes: Int { max(0, maximumSize - lengthFieldBytes) }

    /// The TLV's value: identifier, size (2 or 4 bytes, big endian), read and write access.
    public var value: [UInt8] {
        var out = [UInt8(identifier >> 8), UInt8(identifier & 0xFF)]
        if isExtended {
            out += [
                UInt8(truncatingIfNeeded: maximumSize >> 24), UInt8(truncatingIfNeeded: maximumSize >> 16),
                UInt8(truncatingIfNeeded: maximumSize >> 8), UInt8(truncatingIfNeeded: maximumSize),
            ]
        } else {
            out += [UInt8(truncatingIfNeeded: maximumSize >> 8), UInt8(truncatingIfNeeded: maximumSize)]
        }
        return out + [readAccess.byte, writeAccess.byte]
    }

    /// The whole TLV with tag `tag` (04, 05 or 06) and its length.
    public func tlv(tag: UInt8) -> [UInt8] {
        let value = value
        return [tag, UInt8(value.count)] + value
    }
}
