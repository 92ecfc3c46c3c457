/// The CRC-8 that guards a MIFARE Application Directory (AN10787 §3.7): polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x1D), preset 0xC7 (AN10787 prints it bit-mirrored, as E3), no
/// reflection, no final XOR, over the info byte and the AIDs: 31 bytes for MAD1, 47 for MAD2.
/// AN10787's example MAD (info 01, AIDs 0801 0801 0801 … 3011) gives 0x89.
public enum MADCRC {
    public static let polynomial: UInt8 = 0x1D
    public static let preset: UInt8 = 0xC7

    public static func compute(_ bytes: [UInt8]) -> UInt8 {
        var crc = preset
        for byte in bytes {
            crc ^= byte
            for _ in 0..<8 {
                crc = crc & 0x80 != 0 ? (crc << 1) ^ polynomial : crc << 1
            }
        }
        return crc
    }
}
