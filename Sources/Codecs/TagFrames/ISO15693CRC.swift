/// The CRC of ISO/IEC 15693-3 frames: CRC-16 of ISO/IEC 13239 (reflected polynomial 0x8408, i.e.
/// x¹⁶ + x¹² + x⁵ + 1; initial value FFFF; final XOR FFFF; sent least significant byte first).
/// Over a frame with its CRC appended the register (before the final XOR) ends at the residue
/// F0B8 (shared/reference/type4-type5-ntag424.md §3.1).
///
/// Vectors (§3.1, §3.5): `26 01 00` → `F6 0A`; `22 2B E7 44 40 02 50 01 04 E0` → `17 FE`;
/// `42 20 00` → `31 56`; response `00 00 E1 40 0E 01` → `51 D2` (bytes in air order).
public enum ISO15693CRC {
    /// The register after the frame and its CRC, before the final XOR: a frame is intact exactly
    /// when this comes out (ISO/IEC 13239 residue).
    public static let residue: UInt16 = 0xF0B8

    /// The CRC value of `bytes` (after the final XOR).
    public static func value(of bytes: some Sequence<UInt8>) -> UInt16 {
        ~register(of: bytes)
    }

    /// The two CRC bytes as they go on air: low byte first.
    public static func bytes(of frame: some Sequence<UInt8>) -> [UInt8] {
        let crc = value(of: frame)
        return [UInt8(truncatingIfNeeded: crc), UInt8(truncatingIfNeeded: crc >> 8)]
    }

    /// `frame` followed by its CRC.
    public static func appending(to frame: [UInt8]) -> [UInt8] {
        frame + bytes(of: frame)
    }

    /// True when the last two bytes of `frame` are the CRC of the bytes before them.
    public static func isValid(_ frame: [UInt8]) -> Bool {
        frame.count >= 2 && register(of: frame) == residue
    }

    /// The shift register after `bytes`, from FFFF, without the final XOR.
    static func register(of bytes: some Sequence<UInt8>) -> UInt16 {
        var crc: UInt16 = 0xFFFF
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 {
                crc = crc & 1 != 0 ? (crc >> 1) ^ 0x8408 : crc >> 1
            }
        }
        return crc
    }
}
