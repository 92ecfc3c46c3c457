/// ECDSA verification on the SEC 2 curve secp128r1, the curve of the NTAG21x and MIFARE
/// Ultralight EV1 originality signatures.
///
/// Curve y² = x³ + ax + b over the prime field p (SEC 2 v1 §2.3.1):
/// p = FFFFFFFD FFFFFFFF FFFFFFFF FFFFFFFF, a = p − 3, b = E87579C1 1079F43D D824993C 2CEE5ED3,
/// G = (161FF752 8B899B2D 0C28607C A52C5B86, CF5AC839 5BAFEB13 C02DA292 DDED7A83),
/// n = FFFFFFFE 00000000 75A30D1B 9038A115, cofactor 1.
///
/// Pure Swift: no Foundation, no platform crypto, so it runs unchanged on iOS and Linux.
/// It only verifies public data; nothing here handles secrets, so constant time is not a goal.
public enum Secp128r1 {
    static let curve = WeierstrassCurve(
        byteCount: 16,
        p: Word256(0, 0, 0xFFFF_FFFD_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFF),
        n: Word256(0, 0, 0xFFFF_FFFE_0000_0000, 0x75A3_0D1B_9038_A115),
        b: Word256(0, 0, 0xE875_79C1_1079_F43D, 0xD824_993C_2CEE_5ED3),
        gx: Word256(0, 0, 0x161F_F752_8B89_9B2D, 0x0C28_607C_A52C_5B86),
        gy: Word256(0, 0, 0xCF5A_C839_5BAF_EB13, 0xC02D_A292_DDED_7A83))

    /// Verifies an ECDSA signature `r ‖ s` (32 bytes) over `message` (used as the hash value
    /// itself, leftmost 128 bits, as NXP signs the raw UID) with an uncompressed public key
    /// `04 ‖ x ‖ y` (33 bytes). Malformed input simply does not verify.
    public static func verify(message: [UInt8], signature: [UInt8], publicKey: [UInt8]) -> Bool {
        curve.verify(message: message, signature: signature, publicKey: publicKey)
    }

    /// The uncompressed public key `04 ‖ x ‖ y` for a private scalar (16 big-endian bytes,
    /// 1 … n−1), or `nil` outside that range. Lets tests check this curve arithmetic against
    /// an independent implementation.
    public static func publicKey(privateKey: [UInt8]) -> [UInt8]? {
        curve.publicKey(privateKey: privateKey)
    }
}
