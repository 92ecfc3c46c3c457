/// The meanings AN10787 and AN1304 give to a sector trailer's general purpose byte (byte 9).
///
/// In sector 0 (the MAD sector) bit 7 is DA (a MAD is available), bit 6 MA (multi-application
/// card), bits 1–0 ADV (MAD version: 1 or 2). In an NDEF sector (AN1304) the high nibble is the
/// mapping version (major, minor: 4 = 1.0), bits 3–2 the read access and bits 1–0 the write
/// access (0 = granted, 3 = none).
public enum GeneralPurposeByte {
    /// Sector 0 of a 1K card: DA, MA, MAD version 1.
    public static let mad1: UInt8 = 0xC1
    /// Sector 0 of a 4K card: DA, MA, MAD version 2.
    public static let mad2: UInt8 = 0xC2
    /// An NDEF sector, mapping 1.0, read and write granted.
    public static let ndefReadWrite: UInt8 = 0x40
    /// An NDEF sector, mapping 1.0, read granted, write refused.
    public static let ndefReadOnly: UInt8 = 0x43

    /// Whether the DA bit says a MAD is available.
    public static func madAvailable(_ gpb: UInt8) -> Bool { gpb & 0x80 != 0 }
    /// Whether the MA bit says the card holds several applications.
    public static func multiApplication(_ gpb: UInt8) -> Bool { gpb & 0x40 != 0 }
    /// The ADV bits: the MAD version (0–3; only 1 and 2 are defined).
    public static func madVersion(_ gpb: UInt8) -> Int { Int(gpb & 0x03) }
    /// The NDEF mapping major version of an NDEF sector's GPB.
    public static func ndefMajorVersion(_ gpb: UInt8) -> Int { Int(gpb >> 6) }
    /// Whether an NDEF sector's GPB grants writing (write-access bits 00).
    public static func ndefWritable(_ gpb: UInt8) -> Bool { gpb & 0x03 == 0 }
}
