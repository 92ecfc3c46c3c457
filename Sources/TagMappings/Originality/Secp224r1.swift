/// ECDSA verification on the SEC 2 curve secp224r1 (NIST P-224), the curve of the NTAG 424 DNA
/// originality signature (NTAG 424 DNA datasheet NT4H2421Gx, "Originality signature"; AN12196
/// "NTAG 424 DNA and NTAG 424 DNA TagTamper features and hints").
///
/// Curve y² = x³ + ax + b over the prime field p = 2^224 − 2^96 + 1 (SEC 2 v2 §2.6.2):
/// p = FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF 00000000 00000000 00000001, a = p − 3,
/// b = B4050A85 0C04B3AB F5413256 5044B0B7 D7BFD8BA 270B3943 2355FFB4,
/// G = (B70E0CBD 6BB4BF7F 321390B9 4A03C1D3 56C21122 343280D6 115C1D21,
///      BD376388 B5F723FB 4C22DFE6 CD4375A0 5A074764 44D58199 85007E34),
/// n = FFFFFFFF FFFFFFFF FFFFFFFF FFFF16A2 E0B8F03E 13DD2945 5C5C2A3D, cofactor 1.
///
/// Pure Swift: no Foundation, no platform crypto, so it runs unchanged on iOS and Linux.
/// It only verifies public data; nothing here handles secrets, so constant time is not a goal.
public enum Secp224r1 {
    static let curve = WeierstrassCurve(
        byteCount: 28,
        p: Word256(0x0000_0000_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_0000_0000, 0x0000_0000_0000_0001),
        n: Word256(0x0000_0000_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_16A2_E0B8_F03E, 0x13DD_2945_5C5C_2A3D),
        b: Word256(0x0000_0000_B405_0A85, 0x0C04_B3AB_F541_3256, 0x5044_B0B7_D7BF_D8BA, 0x270B_3943_2355_FFB4),
        gx: Word256(0x0000_0000_B70E_0CBD, 0x6BB4_BF7F_3213_90B9, 0x4A03_C1D3_56C2_1122, 0x3432_80D6_115C_1D21),
        gy: Word256(0x0000_0000_BD37_6388, 0xB5F7_23FB_4C22_DFE6, 0xCD43_75A0_5A07_4764, 0x44D5_8199_8500_7E34))

    /// Verifies an ECDSA signature `r ‖ s` (56 bytes, 28 each) over `message` with an
    /// uncompressed public key `04 ‖ x ‖ y` (57 bytes).
    ///
    /// The message is the hash value itself, as NXP signs the raw 7-byte UID: ECDSA keeps the
    /// leftmost 224 bits of a longer one (SEC 1 v2 §4.1.4), and a shorter one is used as is.
    /// Malformed input (lengths, r or s outside 1…n−1, a point off the curve) simply does not verify.
    public static func verify(message: [UInt8], signature: [UInt8], publicKey: [UInt8]) -> Bool {
        curve.verify(message: message, signature: signature, publicKey: publicKey)
    }

    /// The uncompressed public key `04 ‖ x ‖ y` for a private scalar (at most 28 big-endian
    /// bytes, 1 … n−1), or `nil` outside that range. Lets tests check this curve arithmetic
    /// against an independent implementation.
    public static func publicKey(privateKey: [UInt8]) -> [UInt8]? {
        curve.publicKey(privateKey: privateKey)
    }
}
