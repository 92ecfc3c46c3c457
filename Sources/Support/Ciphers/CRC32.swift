/// CRC-32 (the IEEE 802.3 polynomial, reflected, 0xEDB88320) as zlib computes it, and the NTAG 424
/// variant that ChangeKey carries.
///
/// Computed bit by bit with masks, not with a table, because one of its inputs is a new secret key.
public enum CRC32 {
    /// zlib's `crc32(0, bytes)`: initial value FFFFFFFF, reflected, final XOR FFFFFFFF. The check
    /// value of ASCII "123456789" is CBF43926.
    public static func zlib(_ bytes: some Sequence<UInt8>) -> UInt32 {
        ~raw(bytes)
    }

    /// The CRC32 of NTAG 424 DNA (and DESFire, "JAMCRC"): zlib's CRC XOR FFFFFFFF, i.e. without the
    /// final inversion, as four bytes least significant first (NTAG 424 DNA datasheet, ChangeKey;
    /// shared/reference/type4-type5-ntag424.md §2.5). For "123456789": 340BC6D9, sent D9 C6 0B 34.
    public static func ntag424(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        let value = raw(bytes)
        return [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }

    private static func raw(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1)))
            }
        }
        return crc
    }
}
